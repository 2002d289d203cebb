// kaleido serve: the page's behaviour. Owns the controls, the mode (a game against the
// engine, or analysis), the status line, the address (a position is a link), FEN and PGN
// in and out, and the wiring of the board (board.js), the move list (moves.js) and the
// analysis panel (analysis.js). Knows no rule: which moves are legal, whose move it is,
// the notation and how the game ended all come from the engine's position message. Talks
// to the engine only through engine.js.

import { connect } from './engine.js';
import { createBoard } from './board.js';
import { createMoveList } from './moves.js';
import { createAnalysis } from './analysis.js';

const $ = (id) => document.getElementById(id);

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
/** Display names of the notations; the list of each variant comes from the engine. */
const NOTATIONS = {
  san: 'SAN',
  uci: 'Coordinates',
  wxf: 'WXF',
  chinese: '中文',
  iccs: 'ICCS',
  levels: 'Levels',
  'levels-spanish': 'Levels (Spanish)',
  'levels-roman': 'Levels (Roman)',
};

const state = {
  hello: null, // the engine's offer: variants and limits
  position: null, // the last position message
  mode: 'play', // the page's mode: 'play' or 'analyse'
  columns: 0, // boards per row asked of the engine
};

const link = connect({ onMessage, onClose });

const board = createBoard($('board'), $('promotion'), {
  onMove: (uci) => link.send({ type: 'move', move: uci }),
  canMove,
});
const moveList = createMoveList($('moves'), $('nav'), {
  onGoto: (ply) => link.send({ type: 'goto', ply }),
});
const analysis = createAnalysis($('analysis'), {
  numbered: (p, moves) => moveList.numbered(p, moves),
  onBest: (uci) => board.arrow(state.mode === 'analyse' ? uci : null),
});

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
      if (state.mode === 'analyse') analysis.report(msg);
      else if (msg.multipv === 1) showInfo(msg);
      break;
    case 'pgn':
      $('pgn').value = msg.pgn;
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
  $('variant').replaceChildren(...state.hello.variants.map((v) => new Option(LABELS[v.name] ?? v.name, v.name)));
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
  // A choice of notation where the variant has more than its own and coordinates.
  const notation = $('notation');
  notation.hidden = v.notations.length <= 2;
  notation.replaceChildren(...v.notations.map((n) => new Option(NOTATIONS[n] ?? n, n)));
}

/** The page's mode; the engine's follows with the next request. */
function setMode(mode) {
  state.mode = mode;
  document.body.dataset.mode = mode;
  for (const b of document.querySelectorAll('#modes button')) {
    b.setAttribute('aria-pressed', String(b.dataset.mode === mode));
  }
  $('new').textContent = mode === 'analyse' ? 'New board' : 'New game';
  if (mode !== 'analyse') board.arrow(null);
}

/** The analysis as the controls ask it (after a new game or a loaded one). */
function sendAnalyse() {
  link.send({ type: 'analyse', multipv: Number($('multipv').value), engine: $('engine-on').checked });
}

/**
 * `/?variant=V`: a new game against the engine, the visitor moving first;
 * `/?variant=V&fen=F&moves=m1+m2`: that position, for analysis (`&multipv=N` lines; with
 * `&mode=play` a game against the engine from it). Also `side`, `number`, `movetime`.
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
  const multipv = q.get('multipv');
  if (multipv && [...$('multipv').options].some((o) => o.value === multipv)) $('multipv').value = multipv;
  const fen = q.get('fen');
  const moves = (q.get('moves') ?? '').split(/[\s,]+/).filter((m) => m.length > 0);
  const position = fen !== null || moves.length > 0;
  setMode(q.get('mode') === 'analyse' || (position && q.get('mode') !== 'play') ? 'analyse' : 'play');
  newGame({ fen: fen || null, moves, side: q.get('side') ? $('side').value : null });
}

/** Asks for a new game or board with the controls' settings (and `extra`: FEN, moves, side). */
function newGame(extra = {}) {
  const variant = $('variant').value;
  const number = $('number').value === '' ? null : Number($('number').value);
  const request = {
    type: 'new',
    variant,
    side: state.mode === 'analyse' ? null : $('side').value,
    movetime: Number($('movetime').value),
    elo: Number($('strength').value),
    columns: columnsFor(variantEntry(variant)),
    notation: $('notation').hidden ? null : $('notation').value,
    // An analysis board keeps its side up, whoever is to move.
    flipped: state.mode === 'analyse' ? (state.position?.flipped ?? false) : undefined,
    ...extra,
  };
  if (variantEntry(variant)?.numbered > 0 && number !== null && !request.fen) request.number = number;
  if (!$('rules-box').hidden) request.rules = $('rules').value;
  if (request.side === null) delete request.side;
  state.columns = request.columns;
  $('info').textContent = '';
  link.send(request);
  if (state.mode === 'analyse') sendAnalyse();
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

/** The address of the shown position: its start, the moves to it, for analysis. */
function positionLink(p) {
  const q = new URLSearchParams({ variant: p.variant, fen: p.startFen });
  if (p.ply > 0) q.set('moves', p.moves.slice(0, p.ply).join(' '));
  if (Number($('multipv').value) !== 1) q.set('multipv', $('multipv').value);
  return `/?${q}`;
}

function showPosition(p) {
  state.position = p;
  board.show(p);
  const el = $('board');
  Object.assign(el.dataset, {
    variant: p.variant,
    startFen: p.startFen,
    legal: p.legal.map((m) => m.uci).join(' '),
    turn: p.turn,
    visitor: p.visitor,
    plies: String(p.ply),
    lineLength: String(p.moves.length),
    thinking: p.thinking ? '1' : '0',
    analysing: p.analysing ? '1' : '0',
    mode: p.mode,
    over: p.result ? '1' : '0',
  });
  const v = variantEntry(p.variant);
  if ($('variant').value !== p.variant) {
    $('variant').value = p.variant;
    adaptControls();
  }
  if (p.notation && $('notation').value !== p.notation) $('notation').value = p.notation;
  if (p.number !== null && p.number !== undefined) $('number').placeholder = `random (${p.number})`;
  if (p.mode === 'play') $('side').value = p.visitor;
  if (document.activeElement !== $('fen')) $('fen').value = p.fen;
  $('link').href = positionLink(p);
  if (state.mode === 'analyse' && p.mode === 'analyse') history.replaceState(null, '', positionLink(p));
  moveList.show(p);
  const names = v ? v.sides : ['White', 'Black'];
  analysis.show(p, names);
  const sideName = (s) => (s === 'white' ? names[0] : names[1]);
  // The picture rings a royal piece in check.
  const check = el.querySelector('.check') ? ', in check' : '';
  if (p.result) {
    setStatus(`Game over, ${p.result.score}: ${p.result.reason}.`, 'over');
  } else if (p.mode === 'analyse') {
    setStatus(`${sideName(p.turn)} to move${check}.`);
  } else if (p.thinking) {
    setStatus(`kaleido (${sideName(p.turn)}${check}) is thinking…`);
  } else if (p.turn === p.visitor && p.ply === p.moves.length) {
    setStatus(`Your move (${sideName(p.turn)}${check}).`);
  } else {
    setStatus(`${sideName(p.turn)} to move${check}.`);
  }
}

function showInfo(msg) {
  const score = msg.mate !== null && msg.mate !== undefined
    ? `mate in ${msg.mate}`
    : `${msg.cp >= 0 ? '+' : ''}${(msg.cp / 100).toFixed(2)}`;
  const pv = msg.record.slice(0, 8).join(' ');
  $('info').textContent = `kaleido: ${score}, depth ${msg.depth}, ${msg.nodes} nodes: ${pv}`;
}

function setStatus(text, kind = '') {
  const status = $('status');
  status.textContent = text;
  status.className = kind;
}

/** Whether the visitor may move on the board now. */
function canMove() {
  const p = state.position;
  if (!p || p.result) return false;
  if (p.mode === 'analyse') return true;
  return !p.thinking && p.turn === p.visitor;
}

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
for (const id of ['engine-on', 'multipv']) $(id).addEventListener('change', sendAnalyse);
$('notation').addEventListener('change', () => link.send({ type: 'notation', notation: $('notation').value }));

for (const button of document.querySelectorAll('#modes button')) {
  button.addEventListener('click', () => {
    const p = state.position;
    if (button.dataset.mode === state.mode || !p) return;
    setMode(button.dataset.mode);
    if (state.mode === 'analyse') {
      sendAnalyse();
      return;
    }
    // A game against the engine from the shown position, the visitor to move.
    history.replaceState(null, '', `/?${new URLSearchParams({ variant: p.variant })}`);
    newGame({ fen: p.startFen, moves: p.moves.slice(0, p.ply), side: p.turn });
  });
}

/** Opens a position or a game for analysis. */
function openForAnalysis(request) {
  setMode('analyse');
  if (request.type === 'new') newGame(request);
  else {
    link.send(request);
    sendAnalyse();
  }
}
$('load-fen').addEventListener('click', () => {
  const fen = $('fen').value.trim();
  if (fen) openForAnalysis({ type: 'new', fen, moves: [] });
});
$('fen').addEventListener('keydown', (event) => {
  if (event.key === 'Enter') $('load-fen').click();
});
$('load-pgn').addEventListener('click', () => {
  const pgn = $('pgn').value;
  if (pgn.trim()) openForAnalysis({ type: 'load', pgn });
});
$('show-pgn').addEventListener('click', () => link.send({ type: 'pgn' }));

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
    option.textContent += ' (no font)';
    option.title = 'this device has no font with the Chinese characters';
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
