// kaleido match --live: the watch page's script. Owns the /live socket and the drawing of
// its messages (protocol.md §14, "kaleido match --live"): `standings` fills the header
// and the standings strip, each `game` replaces its card (the board is the server's SVG,
// names and moves are set as text), and the clock of the side to move counts down between
// messages. It sends nothing: a watcher cannot drive the match. Knows no game rules.

const PLIES_SHOWN = 18;
const PV_MOVES = 8;
const cards = new Map();
const $ = (id) => document.getElementById(id);

function element(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function clockText(ms) {
  if (ms === null || ms === undefined) return '';
  const total = Math.max(0, ms);
  const minutes = Math.floor(total / 60000);
  const seconds = (total % 60000) / 1000;
  const s = total < 10000 ? seconds.toFixed(1) : Math.floor(seconds).toString();
  return `${minutes}:${s.padStart(total < 10000 ? 4 : 2, '0')}`;
}

function evalText(t) {
  if (t.mate !== null && t.mate !== undefined) return t.mate >= 0 ? `#${t.mate}` : `#-${-t.mate}`;
  if (t.cp === null || t.cp === undefined) return '';
  const pawns = t.cp / 100;
  return (pawns > 0 ? '+' : '') + pawns.toFixed(2);
}

function thoughtNode(t) {
  const line = element('div', 'thought');
  if (!t) {
    line.textContent = '\u00a0';
    return line;
  }
  line.append(element('span', 'eval', evalText(t)));
  const pv = (t.pv || '').split(' ').filter(Boolean);
  const rest = [
    t.depth !== null && t.depth !== undefined ? `d${t.depth}` : '',
    `${(t.time_ms / 1000).toFixed(2)}s`,
    pv.slice(0, PV_MOVES).join(' ') + (pv.length > PV_MOVES ? ' …' : ''),
  ].filter(Boolean);
  line.append(` ${rest.join('  ')}`);
  line.title = t.pv || '';
  return line;
}

function playerNode(game, side) {
  const row = element('div', 'player');
  row.dataset.side = side;
  if (!game.result && game.to_move === side) row.classList.add('to-move');
  row.append(element('span', 'name', `${game.sides[side]}: ${game.names[side]}`));
  const clock = element('span', 'clock', clockText(game.clocks_ms[side]));
  row.append(clock);
  row.append(thoughtNode(game.thoughts[side]));
  return row;
}

/** The last plies with move numbers, book moves marked, the last one highlighted. */
function movesNode(game) {
  const box = element('div', 'moves');
  const n = game.record.length;
  const startSide = (game.to_move + n) % 2;
  const firstFull = parseInt(game.start_fen.split(' ')[5], 10) || 1;
  const from = Math.max(0, n - PLIES_SHOWN);
  if (from > 0) box.append(element('span', 'num', '…'));
  for (let i = from; i < n; i++) {
    const side = (startSide + i) % 2;
    const number = firstFull + Math.floor((i + startSide) / 2);
    if (side === 0) box.append(element('span', 'num', `${number}.`));
    else if (i === from) box.append(element('span', 'num', `${number}…`));
    const ply = element('span', 'ply', game.record[i]);
    if (i < game.book_plies) ply.classList.add('book');
    if (i === n - 1) ply.classList.add('last');
    box.append(ply);
  }
  return box;
}

function showGame(game) {
  let card = cards.get(game.board);
  if (!card) {
    card = element('article', 'game');
    cards.set(game.board, card);
    const games = $('games');
    const after = [...games.children].find((c) => Number(c.dataset.board) > game.board);
    games.insertBefore(card, after || null);
  }
  card.dataset.board = game.board;
  card.dataset.number = game.number;
  card.dataset.plies = game.moves.length;
  card.dataset.result = game.result ? game.result.score : '';
  card.dataset.variant = game.variant;
  const title = element('h2', '', `Game ${game.number}`);
  title.append(element('span', 'variant', game.variant));
  title.append(element('span', 'result', game.result ? game.result.score : ''));
  const board = element('div', 'board');
  board.innerHTML = game.svg;
  board.setAttribute('aria-label', `board of game ${game.number}`);
  // A wide picture (Raumschach's five levels in a row) takes the whole row.
  const box = board.querySelector('svg')?.viewBox?.baseVal;
  card.classList.toggle('wide', !!box && box.height > 0 && box.width / box.height > 2.5);
  card.replaceChildren(
    title,
    playerNode(game, 1),
    board,
    playerNode(game, 0),
    movesNode(game),
    element('p', 'reason', game.result ? game.result.reason : ''),
  );
  card.live = { clocks: game.clocks_ms, toMove: game.to_move, at: performance.now(), over: !!game.result };
}

function showStandings(s) {
  $('score').textContent = `${s.score}  (${s.games_done}/${s.games_total} games)`;
  $('progress').textContent = s.over ? 'Match over' : '';
  // Two engines: the header holds the score line already; the strip gives its Elo line.
  // More: the table, one line an engine.
  const pair = s.names.length === 2;
  $('elo').textContent = (pair ? s.lines.slice(1) : s.lines).join(pair ? '  ·  ' : '\n');
  $('sprt').textContent = s.sprt || '';
  if (s.over) {
    $('connection').textContent = 'Match over';
  }
}

/** The clock of the side to move, counted down since its message arrived. */
function tick() {
  for (const card of cards.values()) {
    const live = card.live;
    if (!live || live.over) continue;
    const left = live.clocks[live.toMove];
    if (left === null || left === undefined) continue;
    const shown = left - (performance.now() - live.at);
    const clock = card.querySelector(`.player[data-side="${live.toMove}"] .clock`);
    if (clock) clock.textContent = clockText(shown);
  }
}

function connect() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const socket = new WebSocket(`${scheme}://${location.host}/live`);
  socket.addEventListener('open', () => {
    $('connection').textContent = 'Live';
  });
  socket.addEventListener('message', (event) => {
    let m;
    try {
      m = JSON.parse(event.data);
    } catch {
      return;
    }
    if (m.type === 'game') showGame(m);
    else if (m.type === 'standings') showStandings(m);
  });
  socket.addEventListener('close', (event) => {
    const status = $('connection');
    if (status.textContent !== 'Match over') {
      status.textContent = `Disconnected: ${event.reason || 'the match has ended or stopped'}`;
    }
    status.classList.add('gone');
    for (const card of cards.values()) if (card.live) card.live.over = true;
  });
}

connect();
setInterval(tick, 200);
