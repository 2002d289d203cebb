// kaleido serve: the page's behaviour. Owns the controls, the click-to-move interaction on
// the engine's board picture (cells found by their data-cell names), the move list (every
// ply a .ply element with data-uci), the status line and the engine's last report. Knows
// no rule: which moves are legal, whose move it is and how the game ended all come from
// the engine (the position message); the board's cells and the moves' cells are names the
// engine gives. Talks to the engine only through engine.js.

import { connect } from './engine.js';

const $ = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Display names of the variants; the list itself comes from the engine. */
const LABELS = {
  chess: 'Chess',
  fischerandom: 'Chess960',
  xiangqi: 'Xiangqi',
  alice: 'Alice chess',
  alice2: 'Alice 2',
  msalice: 'Ms. Alice',
  smallalice: 'Small Alice 4×8',
  raumschach: 'Raumschach 5×5×5',
  raumschach4: 'Raumschach 4×4×4',
};
/** Names of promotion letters, for the choice; an unknown letter shows as itself. */
const PIECES = { q: 'Queen', r: 'Rook', b: 'Bishop', n: 'Knight', u: 'Unicorn', k: 'King' };

const state = {
  hello: null, // the engine's offer: variants and limits
  position: null, // the last position message
  selected: null, // { element, from }
  columns: 0, // boards per row asked of the engine
  lastInfo: null,
};

const link = connect({ onMessage, onClose });

function onMessage(msg) {
  switch (msg.type) {
    case 'hello':
      state.hello = msg;
      fillVariants();
      startFromAddress();
      break;
    case 'position':
      showPosition(msg);
      break;
    case 'info':
      if (msg.multipv === 1) showInfo(msg);
      break;
    case 'error':
      setStatus(msg.message, 'error');
      break;
    default:
      break;
  }
}

function onClose(reason) {
  setStatus(`Disconnected: ${reason}. Reload the page to play again.`, 'error');
  document.body.dataset.closed = '1';
}

function variantEntry(name) {
  return state.hello?.variants.find((v) => v.name === name);
}

function fillVariants() {
  const select = $('variant');
  select.replaceChildren(...state.hello.variants.map((v) => {
    const option = document.createElement('option');
    option.value = v.name;
    option.textContent = LABELS[v.name] ?? v.name;
    return option;
  }));
}

/** Shows the controls that belong to the chosen variant, with its side names. */
function adaptControls() {
  const v = variantEntry($('variant').value);
  if (!v) return;
  $('number-box').hidden = v.numbered === 0;
  $('number').max = Math.max(0, v.numbered - 1);
  $('rules-box').hidden = v.ruleSets.length === 0;
  $('glyphs-box').hidden = v.name !== 'xiangqi';
  $('rules').replaceChildren(...v.ruleSets.map((r) => new Option(r, r)));
  const side = $('side');
  side.options[0].textContent = v.sides[0];
  side.options[1].textContent = v.sides[1];
}

/**
 * `/?variant=V&fen=F&moves=m1+m2&side=black&number=N&movetime=MS`: the game the address
 * asks for (every field may be left out).
 */
function startFromAddress() {
  const q = new URLSearchParams(location.search);
  const wanted = q.get('variant');
  if (wanted && variantEntry(wanted)) $('variant').value = wanted;
  adaptControls();
  if (q.get('side') === 'white' || q.get('side') === 'black') $('side').value = q.get('side');
  if (q.get('number') !== null) $('number').value = q.get('number');
  const movetime = q.get('movetime');
  if (movetime && /^[0-9]+$/.test(movetime)) {
    const select = $('movetime');
    if (![...select.options].some((o) => o.value === movetime)) {
      select.append(new Option(`${Number(movetime) / 1000} s`, movetime));
    }
    select.value = movetime;
  }
  const fen = q.get('fen');
  const moves = (q.get('moves') ?? '').split(/[\s,]+/).filter((m) => m.length > 0);
  newGame({ fen: fen || null, moves, side: q.get('side') ? $('side').value : null });
}

/** Asks for a new game with the controls' settings (and `extra`: a FEN, moves, a side). */
function newGame(extra = {}) {
  const variant = $('variant').value;
  const number = $('number').value === '' ? null : Number($('number').value);
  const request = {
    type: 'new',
    variant,
    side: $('side').value,
    movetime: Number($('movetime').value),
    elo: Number($('strength').value),
    columns: columnsFor(variantEntry(variant)),
    ...extra,
  };
  if (variantEntry(variant)?.numbered > 0 && number !== null) request.number = number;
  if (!$('rules-box').hidden) request.rules = $('rules').value;
  if (request.side === null) delete request.side;
  state.columns = request.columns;
  state.lastInfo = null;
  $('info').textContent = '';
  link.send(request);
}

/**
 * Boards per row that draw the cells largest in the board area (the renderer's
 * proportions, roughly: a cell 1, a margin 1.25 on each side, 0.5 between boards, 1.6
 * between rows of boards).
 */
function columnsFor(v) {
  if (!v || v.boards < 2) return 0;
  // The room beside the panel (wide screens) or the page's width (narrow ones).
  const narrow = window.innerWidth <= 820;
  const room = document.querySelector('main').clientWidth - (narrow ? 16 : $('panel').offsetWidth + 52);
  const width = Math.max(200, room);
  const height = narrow ? width * 1.6 : Math.max(200, window.innerHeight - 90);
  let best = 0;
  let bestScale = 0;
  for (let c = 1; c <= v.boards; c++) {
    const rows = Math.ceil(v.boards / c);
    const w = 2.5 + c * v.files + (c - 1) * 0.5;
    const h = 3 + rows * v.ranks + (rows - 1) * 1.6;
    const scale = Math.min(width / w, height / h);
    if (scale > bestScale * 1.02) {
      bestScale = scale;
      best = c;
    }
  }
  return best === v.boards ? 0 : best;
}

function showPosition(p) {
  state.position = p;
  state.selected = null;
  $('promotion').hidden = true;
  const board = $('board');
  board.innerHTML = p.svg;
  board.dataset.variant = p.variant;
  board.dataset.startFen = p.startFen;
  board.dataset.legal = p.legal.map((m) => m.uci).join(' ');
  board.dataset.turn = p.turn;
  board.dataset.visitor = p.visitor;
  board.dataset.plies = String(p.moves.length);
  board.dataset.thinking = p.thinking ? '1' : '0';
  board.dataset.over = p.result ? '1' : '0';
  const v = variantEntry(p.variant);
  if ($('variant').value !== p.variant) {
    $('variant').value = p.variant;
    adaptControls();
  }
  if (p.number !== null && p.number !== undefined) $('number').placeholder = `random (${p.number})`;
  $('side').value = p.visitor;
  showMoves(p);
  const names = v ? v.sides : ['White', 'Black'];
  const sideName = (s) => (s === 'white' ? names[0] : names[1]);
  // The picture rings a royal piece in check.
  const check = board.querySelector('.check') ? ', in check' : '';
  if (p.result) {
    setStatus(`Game over, ${p.result.score}: ${p.result.reason}.`, 'over');
  } else if (p.thinking) {
    setStatus(`kaleido (${sideName(p.turn)}${check}) is thinking…`);
  } else if (p.turn === p.visitor) {
    setStatus(`Your move (${sideName(p.turn)}${check}).`);
  } else {
    setStatus(`${sideName(p.turn)} to move${check}.`);
  }
}

function showMoves(p) {
  const list = $('moves');
  const items = [];
  const fields = p.startFen.split(/\s+/);
  let number = Number(fields[5]) || 1;
  const firstSide = p.moves.length % 2 === 0 ? p.turn : (p.turn === 'white' ? 'black' : 'white');
  const cell = (cls, text) => {
    const el = document.createElement('span');
    el.className = cls;
    el.textContent = text;
    return el;
  };
  p.moves.forEach((uci, i) => {
    const white = (firstSide === 'white') === (i % 2 === 0);
    if (white || i === 0) items.push(cell('num', `${number}.`));
    if (!white && i === 0) items.push(cell('ply', '…'));
    const ply = cell('ply', p.record[i] ?? uci);
    ply.dataset.uci = uci;
    ply.title = uci;
    if (i === p.moves.length - 1) ply.classList.add('last');
    items.push(ply);
    if (!white) number += 1;
  });
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}

function showInfo(msg) {
  state.lastInfo = msg;
  const score = msg.mate !== null && msg.mate !== undefined
    ? `mate in ${msg.mate}`
    : `${msg.cp >= 0 ? '+' : ''}${(msg.cp / 100).toFixed(2)}`;
  const pv = msg.pv.slice(0, 8).join(' ');
  $('info').textContent = `kaleido: ${score}, depth ${msg.depth}, ${msg.nodes} nodes: ${pv}`;
}

function setStatus(text, kind = '') {
  const status = $('status');
  status.textContent = text;
  status.className = kind;
}

function myTurn() {
  const p = state.position;
  return p && !p.result && !p.thinking && p.turn === p.visitor;
}

/** The page's marks over the engine's picture, drawn in a group that takes no clicks. */
function marks() {
  const svg = $('board').querySelector('svg');
  let group = svg?.querySelector('#marks');
  if (svg && !group) {
    group = document.createElementNS(SVG_NS, 'g');
    group.id = 'marks';
    group.setAttribute('pointer-events', 'none');
    svg.appendChild(group);
  }
  return group;
}

function box(element) {
  const n = (a) => Number(element.getAttribute(a));
  return { x: n('x'), y: n('y'), w: n('width'), h: n('height') };
}

/** The centres of the cells the picture draws a piece on, as `x,y`. */
function occupiedCentres() {
  return new Set([...$('board').querySelectorAll('.piece circle')]
    .map((c) => `${c.getAttribute('cx')},${c.getAttribute('cy')}`));
}

function centre(element) {
  const b = box(element);
  return `${b.x + b.w / 2},${b.y + b.h / 2}`;
}

/**
 * The cell named `name` that holds a piece, else `fallback`: Alice's boards share names,
 * and a piece stands on one of them.
 */
function pieceCell(name, fallback) {
  const occupied = occupiedCentres();
  const cells = [...$('board').querySelectorAll(`[data-cell="${CSS.escape(name)}"]`)];
  return cells.find((c) => occupied.has(centre(c))) ?? fallback;
}

function deselect() {
  state.selected?.element.removeAttribute('data-selected');
  state.selected = null;
  marks()?.replaceChildren();
}

function select(element, from) {
  const group = marks();
  if (!group) return;
  state.selected?.element.removeAttribute('data-selected');
  state.selected = { element, from };
  element.setAttribute('data-selected', '1');
  const b = box(element);
  const shade = document.createElementNS(SVG_NS, 'rect');
  shade.setAttribute('class', 'mark-selected');
  for (const [k, v] of Object.entries({ x: b.x, y: b.y, width: b.w, height: b.h })) {
    shade.setAttribute(k, v);
  }
  const dots = [shade];
  // Where the picture draws a piece (a cell's centre): a target there is ringed, not dotted.
  const occupied = occupiedCentres();
  const targets = new Set(state.position.legal.filter((m) => m.from === from).map((m) => m.to));
  for (const to of targets) {
    for (const cell of $('board').querySelectorAll(`[data-cell="${CSS.escape(to)}"]`)) {
      if (cell === element) continue;
      const t = box(cell);
      const [cx, cy] = [t.x + t.w / 2, t.y + t.h / 2];
      const taken = occupied.has(`${cx},${cy}`);
      const dot = document.createElementNS(SVG_NS, 'circle');
      dot.setAttribute('class', taken ? 'mark-capture' : 'mark-target');
      dot.setAttribute('cx', cx);
      dot.setAttribute('cy', cy);
      dot.setAttribute('r', taken ? t.w * 0.46 : t.w * 0.16);
      if (taken) dot.setAttribute('stroke-width', t.w * 0.08);
      dots.push(dot);
    }
  }
  group.replaceChildren(...dots);
}

function play(uci) {
  deselect();
  $('promotion').hidden = true;
  link.send({ type: 'move', move: uci });
}

function choosePromotion(moves) {
  const box = $('promotion');
  box.replaceChildren(...moves.map((m) => {
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
    box.hidden = true;
    deselect();
  });
  box.append(cancel);
  box.hidden = false;
}

$('board').addEventListener('click', (event) => {
  const element = event.target.closest('[data-cell]');
  if (!element || !myTurn()) {
    deselect();
    return;
  }
  const name = element.dataset.cell;
  const selected = state.selected;
  if (selected && element === selected.element) {
    deselect();
    return;
  }
  if (selected) {
    const moves = state.position.legal.filter((m) => m.from === selected.from && m.to === name);
    if (moves.length === 1) {
      play(moves[0].uci);
      return;
    }
    if (moves.length > 1) {
      choosePromotion(moves);
      return;
    }
  }
  if (state.position.legal.some((m) => m.from === name)) select(pieceCell(name, element), name);
  else deselect();
});

$('controls').addEventListener('submit', (event) => {
  event.preventDefault();
  newGame();
});
$('variant').addEventListener('change', () => {
  adaptControls();
  $('number').value = '';
  const q = new URLSearchParams({ variant: $('variant').value });
  history.replaceState(null, '', `/?${q}`);
  newGame();
});
for (const id of ['side', 'rules']) $(id).addEventListener('change', () => newGame());
$('number').addEventListener('change', () => newGame());
for (const id of ['movetime', 'strength']) {
  $(id).addEventListener('change', () => link.send({
    type: 'settings',
    movetime: Number($('movetime').value),
    elo: Number($('strength').value),
  }));
}
$('takeback').addEventListener('click', () => link.send({ type: 'takeback' }));
$('stop').addEventListener('click', () => link.send({ type: 'stop' }));
$('flip').addEventListener('click', () => {
  if (!state.position) return;
  link.send({ type: 'view', flipped: !state.position.flipped, columns: state.columns });
});

$('glyphs').addEventListener('change', () => {
  if (!state.position) return;
  const native = $('glyphs').value === 'chinese';
  link.send({ type: 'view', flipped: state.position.flipped, columns: state.columns, native });
});
// Without a font for them the characters would be empty boxes: the choice is then offered
// disabled. Two characters drawn alike (the same missing-glyph box) mean no font has them.
{
  const pen = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  const look = (ch) => {
    pen.clearRect(0, 0, 32, 32);
    pen.font = '28px serif';
    pen.fillText(ch, 0, 28);
    return pen.getImageData(0, 0, 32, 32).data.join();
  };
  if (pen && look('帥') === look('將')) {
    const option = $('glyphs').options[1];
    option.disabled = true;
    option.textContent += ' (no font for them here)';
  }
}

let resizeTimer = 0;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    const p = state.position;
    if (!p) return;
    const columns = columnsFor(variantEntry(p.variant));
    if (columns !== state.columns) {
      state.columns = columns;
      link.send({ type: 'view', flipped: p.flipped, columns });
    }
  }, 200);
});
