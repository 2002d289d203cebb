// kaleido serve: the analysis panel. Owns the engine's lines as the info messages report
// them (one row per MultiPV line: score, depth, the line in the game's notation), the
// depth and nodes-per-second line, the win/draw/loss bar and the choice of the best line's
// first move for the board's arrow. Updates its elements in place, at most once per
// animation frame, so nothing flickers while the engine reports. Scores are shown from the
// first side's view (White, Xiangqi's Red). Knows no socket and no rule.

/** The panel in `root` (its rows are created here); numbered(p, moves) writes a line. */
export function createAnalysis(root, { numbered, onBest }) {
  const stats = root.querySelector('.stats');
  const wdl = root.querySelector('.wdl');
  const lines = root.querySelector('.lines');
  const bars = {
    win: wdl.querySelector('.win'),
    draw: wdl.querySelector('.draw'),
    loss: wdl.querySelector('.loss'),
  };
  let position = null;
  let reports = new Map(); // multipv -> info, as shown
  let incoming = new Map(); // multipv -> info of the iteration under way
  let wanted = 1;
  let frame = 0;

  const set = (el, text) => {
    if (el.textContent !== text) el.textContent = text;
  };

  /** The row of line `k`, made once and kept. */
  function row(k) {
    let r = lines.children[k - 1];
    while (!r) {
      const el = document.createElement('div');
      el.className = 'line';
      el.dataset.multipv = String(lines.children.length + 1);
      el.innerHTML = '<span class="score"></span><span class="pv"></span>';
      lines.append(el);
      r = lines.children[k - 1];
    }
    return r;
  }

  /** A score from the first side's view: `+0.32`, `#5`, `#-3`. */
  function scoreText(info, sign) {
    const bound = info.bound === 'lower' ? '≥' : info.bound === 'upper' ? '≤' : '';
    if (info.mate !== null && info.mate !== undefined) return `${bound}#${info.mate * sign}`;
    const cp = info.cp * sign;
    return `${bound}${cp > 0 ? '+' : ''}${(cp / 100).toFixed(2)}`;
  }

  function render() {
    frame = 0;
    if (!position) return;
    const sign = position.turn === 'white' ? 1 : -1;
    for (let k = 1; k <= wanted; k++) {
      const r = row(k);
      const info = reports.get(k);
      r.hidden = !info && !position.analysing;
      if (!info) {
        set(r.querySelector('.score'), '');
        set(r.querySelector('.pv'), k === 1 && position.analysing ? 'thinking…' : '');
        r.removeAttribute('data-pv');
        r.removeAttribute('data-depth');
        continue;
      }
      const score = r.querySelector('.score');
      set(score, scoreText(info, sign));
      const ahead = (info.mate ?? info.cp) * sign;
      score.className = `score ${ahead > 0 ? 'plus' : ahead < 0 ? 'minus' : ''}`;
      set(r.querySelector('.pv'), numbered(position, info.record.slice(0, 12)));
      r.dataset.pv = info.pv.join(' ');
      r.dataset.depth = String(info.depth);
    }
    for (let k = wanted + 1; k <= lines.children.length; k++) row(k).hidden = true;
    const best = reports.get(1);
    if (best) {
      const nps = best.nps >= 1e6 ? `${(best.nps / 1e6).toFixed(2)} Mn/s` : `${Math.round(best.nps / 1e3)} kn/s`;
      set(stats, `depth ${best.depth}/${best.seldepth} · ${nps} · ${formatNodes(best.nodes)} nodes`);
      stats.dataset.depth = String(best.depth);
    } else {
      set(stats, position.analysing ? 'depth –' : 'engine off');
      delete stats.dataset.depth;
    }
    showWdl(best?.wdl, sign);
    onBest(best ? best.pv[0] ?? null : null);
  }

  function showWdl(chances, sign) {
    wdl.hidden = !chances;
    if (!chances) return;
    // Per mille from the side to move; the bar reads from the first side's view.
    const [w, d, l] = sign > 0 ? chances : [chances[2], chances[1], chances[0]];
    for (const [bar, value] of [[bars.win, w], [bars.draw, d], [bars.loss, l]]) {
      bar.style.flexGrow = String(value);
      set(bar, value >= 120 ? `${Math.round(value / 10)}%` : '');
    }
    wdl.title = `${position.sides[0]} wins ${(w / 10).toFixed(1)}%, draw ${(d / 10).toFixed(1)}%, `
      + `${position.sides[1]} wins ${(l / 10).toFixed(1)}%`;
  }

  function later() {
    if (!frame) frame = requestAnimationFrame(render);
  }

  return {
    /** A new position message (`sides`: the variant's side names): its lines start over. */
    show(p, sides) {
      const same = position && position.fen === p.fen;
      if (!same) {
        reports = new Map();
        incoming = new Map();
      }
      position = { ...p, sides };
      wanted = p.multipv;
      root.dataset.analysing = p.analysing ? '1' : '0';
      later();
    },
    /** One info message. */
    report(info) {
      if (!position?.analysing || info.multipv > wanted) return;
      // An iteration's lines are shown together, when its last has come: a deeper best
      // line never stands beside the lines of the iteration before it.
      incoming.set(info.multipv, info);
      const last = Math.min(wanted, position.legal.length);
      if (info.multipv < last && reports.size >= last) return;
      for (const [k, line] of incoming) reports.set(k, line);
      incoming = new Map();
      later();
    },
  };
}

function formatNodes(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(0)} k`;
  return String(n);
}
