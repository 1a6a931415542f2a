// Tangram pieces over the rendered picture: drags, twists and taps become touch-file events
// (down, move, up with pointer ids and play-area units) that the server feeds to LiveInput, the
// same path `replay` takes, so the settling engine places them. While a piece is dragged, the
// server answers "ghost" requests with where it would land (a dry-run of the same move).

const SVG = 'http://www.w3.org/2000/svg';
const SLOP = 0.15;  // units, as LiveInput: less than this is a click (select), not a drag

export class TangramView {
  constructor(app) {
    this.app = app;
    this.selected = new Set();
    this.pointers = new Map();  // pointerId → {start:{x,y}, last:{x,y}, piece, sent}
    this.t0 = performance.now();
    this.ghostBusy = false;
    this.ghostWanted = null;
    this.wheelAt = 0;
  }

  get state() { return this.app.state; }
  time() { return Math.max(0, (performance.now() - this.t0) / 1000); }

  /** Play-area units of a pointer event. */
  units(event, overlay) {
    const p = overlay.createSVGPoint();
    p.x = event.clientX; p.y = event.clientY;
    const s = p.matrixTransform(overlay.getScreenCTM().inverse());
    const f = this.state.frame;
    return { x: (s.x - f.originX) / f.scale, y: (f.originY - s.y) / f.scale };
  }

  draw(overlay) {
    const pieces = this.state.pieces || [];
    for (const name of [...this.selected]) if (!pieces.some((p) => p.piece === name)) this.selected.delete(name);
    const marks = [];
    // Problems on the board: overlapping pieces hatched in the warning colour, pieces outside
    // the play area outlined in red (the drawing grows to show them).
    const defs = document.createElementNS(SVG, 'defs');
    defs.innerHTML = '<pattern id="overlap-hatch" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">'
      + '<rect width="10" height="10" class="overlap-fill"/><line x1="0" y1="0" x2="0" y2="10" class="overlap-line"/></pattern>';
    overlay.appendChild(defs);
    for (const piece of pieces) {
      const polygon = document.createElementNS(SVG, 'polygon');
      polygon.setAttribute('points', piece.points.map((p) => p.join(',')).join(' '));
      const selected = this.selected.has(piece.piece);
      const overlaps = piece.overlaps || [];
      polygon.setAttribute('class', 'piece' + (piece.pinned ? ' pinned' : '') + (piece.group != null ? ' grouped' : '') + (selected ? ' selected' : '')
        + (overlaps.length ? ' overlapping' : '') + (piece.outside ? ' outside' : '') + (this.app.highlighted?.has(piece.piece) ? ' highlighted' : ''));
      polygon.dataset.piece = piece.piece;
      if (overlaps.length) polygon.dataset.overlaps = overlaps.join(' ');
      if (piece.outside) polygon.dataset.outside = 'true';
      polygon.dataset.rotation = piece.rotation;
      polygon.dataset.flip = String(piece.flip);
      polygon.dataset.pinned = String(piece.pinned);
      if (piece.group != null) polygon.dataset.group = piece.group;
      if (selected) polygon.dataset.selected = 'true';
      polygon.setAttribute('role', 'button');
      polygon.setAttribute('aria-pressed', String(selected));
      polygon.setAttribute('aria-label', `${piece.piece} at (${piece.x}, ${piece.y}) turned ${piece.rotation}°${piece.flip ? ' flipped' : ''}${piece.pinned ? ', pinned' : ''}${piece.group != null ? `, group ${piece.group}` : ''}`
        + `${overlaps.length ? `, overlaps ${overlaps.join(', ')}` : ''}${piece.outside ? ', outside the play area' : ''}`);
      overlay.appendChild(polygon);
      const [cx, cy] = centre(piece.points);
      if (piece.pinned) marks.push(pinMark(cx, cy));
      if (piece.group != null) marks.push(groupMark(cx + (piece.pinned ? 16 : 0), cy, piece.group));
    }
    overlay.append(...marks);
    // A state that arrives mid-drag (an edit from the REPL, say) keeps the drag on screen.
    const drag = this.drag;
    if (drag) { this.moveOutline(drag.piece, drag.dx, drag.dy); this.drawGhost(this.ghostPieces || []); }
    const current = pieces.find((p) => p.piece === this.current);
    document.getElementById('selected-piece').textContent = this.selected.size ? [...this.selected].join(', ') : 'none selected';
    const pin = document.getElementById('pin-button');
    pin.textContent = current?.pinned ? 'Unpin' : 'Pin';
    pin.setAttribute('aria-label', current?.pinned ? 'Unpin' : 'Pin');
  }

  /** The one single-finger drag in progress, if any: its piece and displacement in units. */
  get drag() {
    if (this.pointers.size !== 1) return null;
    const [record] = this.pointers.values();
    if (!record.sent || !record.piece) return null;
    return { piece: record.piece, dx: record.last.x - record.start.x, dy: record.last.y - record.start.y };
  }

  // MARK: pointers

  pointerDown(event, overlay) {
    const target = event.target.closest?.('[data-piece]');
    const at = this.units(event, overlay);
    if (this.pointers.size === 0 && !target) { this.select(null, event.shiftKey); return; }
    overlay.setPointerCapture(event.pointerId);
    const record = { start: at, last: at, piece: target?.dataset.piece, sent: false, t: this.time() };
    this.pointers.set(event.pointerId, record);
    if (this.pointers.size >= 2) {
      // A second finger: both go to the server now, as a two-finger turn.
      for (const [id, r] of this.pointers) this.commit(id, r);
    }
    event.preventDefault();
  }

  pointerMove(event, overlay) {
    const record = this.pointers.get(event.pointerId);
    if (!record) return;
    const at = this.units(event, overlay);
    record.last = at;
    if (!record.sent && Math.hypot(at.x - record.start.x, at.y - record.start.y) > SLOP) this.commit(event.pointerId, record);
    if (!record.sent) return;
    this.touch('move', event.pointerId, at);
    if (this.pointers.size === 1 && record.piece) {
      this.moveOutline(record.piece, at.x - record.start.x, at.y - record.start.y);
      this.requestGhost(record.piece, at.x - record.start.x, at.y - record.start.y);
    }
  }

  pointerUp(event, overlay, cancelled) {
    const record = this.pointers.get(event.pointerId);
    if (!record) return;
    this.pointers.delete(event.pointerId);
    const at = cancelled ? record.last : this.units(event, overlay);
    if (record.sent && !cancelled && record.piece && this.pointers.size === 0 && this.app.tray.isOver(event)) {
      // Dropped on the tray: the drag ends where it began (no move), and the piece comes off.
      this.touch('up', event.pointerId, record.start).then(() => this.app.run(`remove ${record.piece}`));
    } else if (record.sent) {
      // A drop that changes nothing gets no new state: put the lifted piece back at once.
      this.touch('up', event.pointerId, at).then((reply) => {
        if (this.pointers.size === 0 && !(reply?.output || []).some((l) => l.style === 'edit')) this.app.repaintOverlay();
      });
    } else if (!cancelled && record.piece) {
      this.select(record.piece, event.shiftKey);  // a click selects; F flips
    }
    if (this.pointers.size === 0) this.clearGhost();
  }

  /** Sends a pointer's buffered down (at its original time and place), then its latest move. */
  commit(id, record) {
    if (record.sent) return;
    record.sent = true;
    this.touch('down', id, record.start, record.t);
    if (record.last !== record.start) this.touch('move', id, record.last);
  }

  touch(type, pointer, at, t = this.time()) {
    return this.app.connection.send({ type: 'touch', event: { t: Math.round(t * 1000) / 1000, type, pointer, x: round(at.x), y: round(at.y) } })
      .then((reply) => this.app.showReply(reply));
  }

  /** Lifts the piece: it follows the pointer in its own colour, and the place it left is
   *  covered with the background (the picture underneath still shows it there). */
  moveOutline(name, dx, dy) {
    const polygon = document.querySelector(`#overlay [data-piece="${name}"]`);
    if (!polygon) return;
    if (!polygon.classList.contains('dragging')) {
      const piece = (this.state.pieces || []).find((p) => p.piece === name);
      const left = document.createElementNS(SVG, 'polygon');
      left.setAttribute('points', polygon.getAttribute('points'));
      left.setAttribute('class', 'vacated');
      if (this.state.frame.background) left.style.fill = this.state.frame.background;
      polygon.before(left);
      if (piece?.color) polygon.style.fill = piece.color;
    }
    polygon.classList.add('dragging');
    polygon.setAttribute('transform', `translate(${dx * this.state.frame.scale} ${-dy * this.state.frame.scale})`);
  }

  requestGhost(piece, dx, dy) {
    this.ghostWanted = { piece, dx: round(dx), dy: round(dy) };
    if (this.ghostBusy) return;
    this.ghostBusy = true;
    const wanted = this.ghostWanted;
    this.ghostWanted = null;
    this.app.connection.send({ type: 'ghost', ...wanted }).then((reply) => {
      this.ghostBusy = false;
      if (this.pointers.size > 0 && reply && reply.type === 'ghost') this.drawGhost(reply.pieces || []);
      if (this.ghostWanted && this.pointers.size > 0) this.requestGhost(this.ghostWanted.piece, this.ghostWanted.dx, this.ghostWanted.dy);
    });
  }

  drawGhost(pieces) {
    this.ghostPieces = pieces;
    document.querySelectorAll('#overlay .ghost').forEach((g) => g.remove());
    const overlay = document.getElementById('overlay');
    for (const piece of pieces) {
      const polygon = document.createElementNS(SVG, 'polygon');
      polygon.setAttribute('points', piece.points.map((p) => p.join(',')).join(' '));
      polygon.setAttribute('class', 'ghost');
      polygon.dataset.ghost = piece.piece;
      overlay.appendChild(polygon);
    }
  }

  clearGhost() {
    this.ghostPieces = null;
    document.querySelectorAll('#overlay .ghost').forEach((g) => g.remove());
  }

  // MARK: selection and keys

  select(name, adding) {
    if (!adding) this.selected.clear();
    if (name) { if (this.selected.has(name) && adding) this.selected.delete(name); else this.selected.add(name); }
    this.app.repaintOverlay();
  }

  get current() { return [...this.selected].at(-1); }

  act(action) {
    const piece = this.current;
    if (!piece && action !== 'group') return this.app.log('select a piece first (click it)', 'note');
    const state = (this.state.pieces || []).find((p) => p.piece === piece);
    switch (action) {
      case 'rotate-left': return this.app.run(`rotate ${piece} 45`);
      case 'rotate-right': return this.app.run(`rotate ${piece} -45`);
      case 'flip': return this.app.run(`flip ${piece}`);
      case 'pin': return this.app.run(state?.pinned ? `unpin ${piece}` : `pin ${piece}`);
      case 'group':
        if (this.selected.size < 2) return this.app.log('Shift-click two or more pieces to group them', 'note');
        return this.app.run(`attach ${[...this.selected].join(' ')}`);
      case 'ungroup': return this.app.run(`detach ${piece}`);
    }
  }

  key(event) {
    const piece = this.current;
    const keys = { r: 'rotate-left', R: 'rotate-right', f: 'flip', F: 'flip', p: 'pin', P: 'pin', g: 'group', G: 'group', u: 'ungroup', U: 'ungroup' };
    if (keys[event.key]) { this.act(keys[event.key]); return true; }
    const nudges = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
    if (piece && nudges[event.key]) { this.app.run(`nudge ${piece} ${nudges[event.key]}`); return true; }
    if (piece && (event.key === 'Delete' || event.key === 'Backspace')) { this.app.run(`remove ${piece}`); return true; }
    if (event.key === 'Escape' && this.selected.size) { this.select(null, false); return true; }
    return false;
  }

  wheel(event) {
    const target = event.target.closest?.('[data-piece]');
    const piece = target?.dataset.piece || this.current;
    if (!piece) return;
    event.preventDefault();
    const now = performance.now();
    if (now - this.wheelAt < 250) return;  // one turn per notch burst
    this.wheelAt = now;
    this.app.run(`rotate ${piece} ${event.deltaY < 0 ? 45 : -45}`);
  }
}

/** A pin head drawn on a pinned piece (no emoji: fonts differ between machines). */
function pinMark(x, y) {
  const g = document.createElementNS(SVG, 'g');
  g.setAttribute('class', 'pin-mark');
  const c = document.createElementNS(SVG, 'circle');
  c.setAttribute('cx', x); c.setAttribute('cy', y); c.setAttribute('r', 7);
  g.appendChild(c);
  return g;
}

/** The group number on a grouped piece. */
function groupMark(x, y, group) {
  const g = document.createElementNS(SVG, 'g');
  g.setAttribute('class', 'group-mark');
  const r = document.createElementNS(SVG, 'rect');
  Object.entries({ x: x - 9, y: y - 9, width: 18, height: 18, rx: 4 }).forEach(([k, v]) => r.setAttribute(k, v));
  const t = document.createElementNS(SVG, 'text');
  t.setAttribute('x', x); t.setAttribute('y', y);
  t.textContent = group;
  g.append(r, t);
  return g;
}

function round(v) { return Math.round(v * 10000) / 10000; }

function centre(points) {
  const n = points.length;
  return [points.reduce((s, p) => s + p[0], 0) / n, points.reduce((s, p) => s + p[1], 0) / n];
}
