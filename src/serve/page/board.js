// kaleido serve: the board. Owns the engine's board picture in the page (the SVG the
// position message carries, every cell a data-cell), moving by click and by drag (pointer
// events on the same cells), the marks drawn over it (the selected piece, its targets) and
// the analysis arrow. Knows no rule: the moves a piece may make are the position's `legal`
// list, the cells are the engine's names. Knows no socket: a chosen move goes to onMove.

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Names of promotion letters, for the choice; an unknown letter shows as itself. */
const PIECES = { q: 'Queen', r: 'Rook', b: 'Bishop', n: 'Knight', u: 'Unicorn', k: 'King' };
/** How far (in screen pixels) a press must move before it is a drag. */
const DRAG_START = 4;

/**
 * The board in `element` (promotion choices in `promotionBox`). onMove(uci) gets the move
 * the visitor made; canMove() says whether the visitor may move now.
 */
export function createBoard(element, promotionBox, { onMove, canMove }) {
  let position = null;
  let selected = null; // { element, from }
  let press = null; // { x, y, cell, piece, wasSelected, dragging }
  let arrowMove = null;

  const svg = () => element.querySelector('svg');
  const cellsNamed = (name) => [...element.querySelectorAll(`[data-cell="${CSS.escape(name)}"]`)];

  /** A group of the page's own over the picture, taking no pointer events. */
  function layer(id) {
    const picture = svg();
    let group = picture?.querySelector(`#${id}`);
    if (picture && !group) {
      group = document.createElementNS(SVG_NS, 'g');
      group.id = id;
      group.setAttribute('pointer-events', 'none');
      picture.appendChild(group);
    }
    return group;
  }

  function box(cell) {
    const n = (a) => Number(cell.getAttribute(a));
    return { x: n('x'), y: n('y'), w: n('width'), h: n('height') };
  }

  function centre(cell) {
    const b = box(cell);
    return [b.x + b.w / 2, b.y + b.h / 2];
  }

  /** The piece drawn on `cell` (a `.piece` group centred on it), if any. */
  function pieceOn(cell) {
    const [cx, cy] = centre(cell);
    return [...element.querySelectorAll('.piece')].find((p) => {
      const c = p.querySelector('circle');
      return c && Number(c.getAttribute('cx')) === cx && Number(c.getAttribute('cy')) === cy;
    }) ?? null;
  }

  /**
   * The cell named `name` that holds a piece, else `fallback`: Alice's boards share
   * names, and a piece stands on one of them.
   */
  function pieceCell(name, fallback) {
    return cellsNamed(name).find((c) => pieceOn(c)) ?? fallback;
  }

  const movesFrom = (from) => position.legal.filter((m) => m.from === from);

  function deselect() {
    selected?.element.removeAttribute('data-selected');
    selected = null;
    layer('marks')?.replaceChildren();
  }

  function shape(tag, attributes) {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
    return el;
  }

  function select(cell, from) {
    const group = layer('marks');
    if (!group) return;
    selected?.element.removeAttribute('data-selected');
    selected = { element: cell, from };
    cell.setAttribute('data-selected', '1');
    const b = box(cell);
    const marks = [shape('rect', { class: 'mark-selected', x: b.x, y: b.y, width: b.w, height: b.h })];
    // A target with a piece on it is ringed, an empty one dotted.
    for (const to of new Set(movesFrom(from).map((m) => m.to))) {
      for (const target of cellsNamed(to)) {
        if (target === cell) continue;
        const t = box(target);
        const [cx, cy] = centre(target);
        marks.push(pieceOn(target)
          ? shape('circle', { class: 'mark-capture', cx, cy, r: t.w * 0.46, 'stroke-width': t.w * 0.08 })
          : shape('circle', { class: 'mark-target', cx, cy, r: t.w * 0.16 }));
      }
    }
    group.replaceChildren(...marks);
  }

  function play(uci) {
    deselect();
    promotionBox.hidden = true;
    onMove(uci);
  }

  function choosePromotion(moves) {
    promotionBox.replaceChildren(...moves.map((m) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.promotion = m.promotion;
      button.dataset.uci = m.uci;
      button.textContent = PIECES[m.promotion] ?? m.promotion;
      button.addEventListener('click', () => play(m.uci));
      return button;
    }));
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = '✕';
    cancel.title = 'cancel';
    cancel.addEventListener('click', () => {
      promotionBox.hidden = true;
      deselect();
    });
    promotionBox.append(cancel);
    promotionBox.hidden = false;
  }

  /** Plays the selected piece's move to `cell`, if it has one; whether it did. */
  function moveTo(cell) {
    if (!selected || !cell || cell === selected.element) return false;
    const moves = movesFrom(selected.from).filter((m) => m.to === cell.dataset.cell);
    if (moves.length === 1) play(moves[0].uci);
    else if (moves.length > 1) choosePromotion(moves);
    return moves.length > 0;
  }

  /** The picture's coordinates of a pointer event. */
  function pointAt(event) {
    const picture = svg();
    const matrix = picture?.getScreenCTM();
    if (!matrix) return null;
    const p = picture.createSVGPoint();
    p.x = event.clientX;
    p.y = event.clientY;
    return p.matrixTransform(matrix.inverse());
  }

  function endDrag() {
    if (press?.piece) press.piece.removeAttribute('transform');
    element.classList.remove('dragging');
    press = null;
  }

  element.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const cell = event.target.closest('[data-cell]');
    if (!cell || !position || !canMove()) {
      deselect();
      return;
    }
    event.preventDefault();
    if (moveTo(cell)) return;
    const name = cell.dataset.cell;
    const wasSelected = selected !== null && pieceCell(name, cell) === selected.element;
    if (!wasSelected) {
      if (movesFrom(name).length === 0) {
        deselect();
        return;
      }
      select(pieceCell(name, cell), name);
    }
    const piece = pieceOn(selected.element);
    press = { x: event.clientX, y: event.clientY, start: pointAt(event), piece, wasSelected, dragging: false };
    element.setPointerCapture?.(event.pointerId);
  });

  element.addEventListener('pointermove', (event) => {
    if (!press) return;
    if (!press.dragging) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_START) return;
      press.dragging = true;
      element.classList.add('dragging');
      // The dragged piece over every other.
      if (press.piece) press.piece.parentNode.appendChild(press.piece);
    }
    const p = pointAt(event);
    if (press.piece && p && press.start) {
      press.piece.setAttribute('transform', `translate(${p.x - press.start.x} ${p.y - press.start.y})`);
    }
  });

  element.addEventListener('pointerup', (event) => {
    if (!press) return;
    const { dragging, wasSelected } = press;
    endDrag();
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest('#board [data-cell]');
    if (dragging) {
      moveTo(under);
    } else if (wasSelected && under === selected?.element) {
      // A second click on the selected piece puts it down.
      deselect();
    }
  });

  element.addEventListener('pointercancel', endDrag);

  /** The arrow of a move (UCI text) from its cell to its target; `null` removes it. */
  function drawArrow() {
    const group = layer('arrows');
    if (!group) return;
    const move = arrowMove && position?.legal.find((m) => m.uci === arrowMove);
    if (!move) {
      group.replaceChildren();
      return;
    }
    const fromCell = pieceCell(move.from, cellsNamed(move.from)[0]);
    if (!fromCell) return;
    // On Alice's boards the target on the piece's own board.
    const board = fromCell.dataset.board;
    const toCells = cellsNamed(move.to);
    const toCell = toCells.find((c) => c !== fromCell && c.dataset.board === board)
      ?? toCells.find((c) => c !== fromCell) ?? toCells[0];
    const [x1, y1] = centre(fromCell);
    const [x2, y2] = centre(toCell);
    const size = box(fromCell).w;
    const length = Math.hypot(x2 - x1, y2 - y1);
    if (length === 0) {
      group.replaceChildren();
      return;
    }
    const shaft = size * 0.09;
    const head = size * 0.42;
    const wing = size * 0.26;
    const body = Math.max(0, length - head);
    const points = [[0, -shaft], [body, -shaft], [body, -wing], [length, 0], [body, wing], [body, shaft], [0, shaft]]
      .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
    const angle = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
    let arrow = group.querySelector('polygon');
    if (!arrow) {
      arrow = shape('polygon', { class: 'arrow' });
      group.replaceChildren(arrow);
    }
    // Updated in place: no flicker while the analysis reports.
    arrow.setAttribute('points', points);
    arrow.setAttribute('transform', `translate(${x1} ${y1}) rotate(${angle.toFixed(2)})`);
    arrow.dataset.uci = move.uci;
  }

  return {
    /** Shows a position message's picture and takes its legal moves. */
    show(p) {
      endDrag();
      // Another position's arrow is not drawn on this one.
      if (position?.fen !== p.fen) arrowMove = null;
      position = p;
      selected = null;
      promotionBox.hidden = true;
      element.innerHTML = p.svg;
      drawArrow();
    },
    /** The analysis arrow for `uci` (the best line's first move), or none. */
    arrow(uci) {
      if (uci === arrowMove) return;
      arrowMove = uci;
      drawArrow();
    },
    deselect,
  };
}
