// kaleido serve: the move list. Owns the list of the line's moves in the chosen notation
// (the position message's `record`; every ply a .ply element with data-uci and data-ply),
// the shown ply's mark, and the buttons and keys that step through the line. Knows no rule
// and no socket: a ply asked for goes to onGoto(ply).

/** Fills `list` (and wires `nav`'s buttons and the arrow keys) for the line's moves. */
export function createMoveList(list, nav, { onGoto }) {
  let shown = null; // { ply, length }

  const cell = (cls, text) => {
    const el = document.createElement('span');
    el.className = cls;
    el.textContent = text;
    return el;
  };

  function goto(ply) {
    if (!shown) return;
    const target = Math.max(0, Math.min(shown.length, ply));
    if (target !== shown.ply) onGoto(target);
  }

  list.addEventListener('click', (event) => {
    const ply = event.target.closest('.ply[data-ply]');
    if (ply) goto(Number(ply.dataset.ply));
  });
  const steps = {
    first: () => 0,
    back: () => shown.ply - 1,
    forward: () => shown.ply + 1,
    last: () => shown.length,
  };
  for (const button of nav.querySelectorAll('button[data-step]')) {
    button.addEventListener('click', () => shown && goto(steps[button.dataset.step]()));
  }
  const keys = { ArrowLeft: 'back', ArrowRight: 'forward', ArrowUp: 'first', Home: 'first', ArrowDown: 'last', End: 'last' };
  document.addEventListener('keydown', (event) => {
    const step = keys[event.key];
    if (!step || !shown || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.('input, textarea, select')) return;
    event.preventDefault();
    goto(steps[step]());
  });

  return {
    /** Shows position message `p`'s line, its shown ply marked. */
    show(p) {
      shown = { ply: p.ply, length: p.moves.length };
      const fields = p.startFen.split(/\s+/);
      let number = Number(fields[5]) || 1;
      // The side that made the first move: the side to move at the shown ply, or the other.
      const firstWhite = (p.turn === 'white') === (p.ply % 2 === 0);
      const items = [];
      p.moves.forEach((uci, i) => {
        const white = firstWhite === (i % 2 === 0);
        if (white || i === 0) items.push(cell('num', `${number}.`));
        if (!white && i === 0) items.push(cell('ply filler', '…'));
        const ply = cell('ply', p.record[i] ?? uci);
        ply.dataset.uci = uci;
        ply.dataset.ply = String(i + 1);
        ply.title = uci;
        if (i + 1 === p.ply) ply.classList.add('current');
        if (i >= p.ply) ply.classList.add('ahead');
        items.push(ply);
        if (!white) number += 1;
      });
      list.replaceChildren(...items);
      list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
      if (p.ply === p.moves.length) list.scrollTop = list.scrollHeight;
      for (const button of nav.querySelectorAll('button[data-step]')) {
        const backwards = button.dataset.step === 'first' || button.dataset.step === 'back';
        button.disabled = backwards ? p.ply === 0 : p.ply === p.moves.length;
      }
    },
    /** Move numbers and sides for a line played from position `p` (the analysis's lines). */
    numbered(p, moves) {
      const fields = p.fen.split(/\s+/);
      let number = Number(fields[5]) || 1;
      let white = p.turn === 'white';
      const out = [];
      moves.forEach((m, i) => {
        if (white) out.push(`${number}.`);
        else if (i === 0) out.push(`${number}…`);
        out.push(m);
        if (!white) number += 1;
        white = !white;
      });
      return out.join(' ');
    },
  };
}
