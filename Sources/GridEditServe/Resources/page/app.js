// The gridedit browser editor: draws the state the server pushes after every edit (the
// renderer's SVG, with an overlay of pieces or cells), and turns input into protocol messages.
// `document.body.dataset.stateVersion` is the version of the state last painted, so a test can
// wait for a repaint.

import { Connection } from './connection.js';
import { TangramView } from './tangram.js';
import { SudokuView } from './sudoku.js';

class App {
  constructor() {
    this.state = null;
    this.pictureURL = null;
    this.tangram = new TangramView(this);
    this.sudoku = new SudokuView(this);
    this.connection = new Connection({
      status: (s) => {
        document.body.dataset.connection = s;
        document.getElementById('connection').textContent = s === 'open' ? 'connected' : 'disconnected: reconnecting…';
      },
      message: (m) => this.receive(m),
    });
    this.wire();
  }

  get view() { return this.state?.document?.kind === 'tangram' ? this.tangram : this.state?.document?.kind === 'sudoku' ? this.sudoku : null; }

  receive(message) {
    switch (message.type) {
      case 'state': this.paint(message); break;
      case 'error': if (message.id == null) this.log(message.message, 'error'); break;
      case 'pack': this.showPack(message.puzzles); break;
    }
  }

  paint(state) {
    this.state = state;
    const doc = state.document;
    document.getElementById('document-name').textContent = doc ? `${doc.name}${doc.dirty ? ' (modified)' : ''} — ${doc.title}` : 'no puzzle open';
    document.title = doc ? `${doc.dirty ? '* ' : ''}${doc.name} — gridedit` : 'gridedit';
    document.getElementById('undo-button').disabled = !doc?.undo;
    document.getElementById('undo-button').title = doc?.undo ? `Undo ${doc.undo}` : '';
    document.getElementById('redo-button').disabled = !doc?.redo;
    document.getElementById('redo-button').title = doc?.redo ? `Redo ${doc.redo}` : '';
    document.getElementById('save-button').disabled = !doc;
    document.getElementById('validate-button').disabled = !doc;
    document.getElementById('tangram-tools').hidden = doc?.kind !== 'tangram';
    document.getElementById('sudoku-tools').hidden = doc?.kind !== 'sudoku';
    document.getElementById('stage').hidden = !doc;
    document.getElementById('empty').hidden = !!doc;
    if (doc?.kind === 'tangram') document.getElementById('layer-select').value = doc.layer;
    const picture = document.getElementById('picture');
    if (this.pictureURL) URL.revokeObjectURL(this.pictureURL);
    this.pictureURL = state.svg ? URL.createObjectURL(new Blob([state.svg], { type: 'image/svg+xml' })) : null;
    picture.src = this.pictureURL || '';
    picture.alt = doc ? `${doc.title}, as gridedit render draws it` : '';
    document.getElementById('overlay').setAttribute('viewBox', `0 0 ${state.size} ${state.size}`);
    document.getElementById('status').textContent = state.status || (state.svgError ? state.svgError : '–');
    const list = document.getElementById('findings');
    list.replaceChildren(...(state.findings || []).map((f) => {
      const li = document.createElement('li');
      li.className = f.severity;
      li.dataset.rule = f.rule;
      li.innerHTML = `<span class="rule"></span> <span class="message"></span> <span class="location"></span>`;
      li.querySelector('.rule').textContent = `[${f.rule}]`;
      li.querySelector('.message').textContent = f.message;
      li.querySelector('.location').textContent = f.location ? `(${f.location})` : '';
      return li;
    }));
    if (!(state.findings || []).length) list.replaceChildren(Object.assign(document.createElement('li'), { textContent: 'no problems' }));
    for (const warning of state.warnings || []) this.log(warning, 'warning');
    this.repaintOverlay();
    document.body.dataset.stateVersion = String(state.version);
  }

  repaintOverlay() {
    const overlay = document.getElementById('overlay');
    overlay.replaceChildren();
    if (this.state?.frame) this.view?.draw(overlay);
  }

  run(line) { return this.connection.command(line).then((reply) => this.showReply(reply)); }

  showReply(reply) {
    if (!reply) return reply;
    for (const line of reply.output || []) this.log(line.text, line.style);
    if (reply.type === 'error') this.log(reply.message, 'error');
    if (reply.error && !(reply.output || []).some((l) => l.text === reply.error)) this.log(reply.error, 'error');
    return reply;
  }

  log(text, style = 'plain') {
    const log = document.getElementById('log');
    const li = document.createElement('li');
    li.className = style;
    li.textContent = text;
    log.appendChild(li);
    while (log.children.length > 200) log.firstChild.remove();
    log.scrollTop = log.scrollHeight;
  }

  async save() {
    const doc = this.state?.document;
    if (!doc) return;
    let message = { type: 'save' };
    if (doc.untitled || doc.path == null) {
      const path = prompt('Save as (a path inside the served folder):', `${doc.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.json`);
      if (!path) return;
      message.path = path;
    }
    let reply = this.showReply(await this.connection.send(message));
    if (reply && reply.ok === false && /changed on disk/.test(reply.error || '') && confirm(`${reply.error}\n\nOverwrite the file on disk?`)) {
      this.showReply(await this.connection.send({ ...message, force: true }));
    }
  }

  async openPack() {
    const reply = await this.connection.send({ type: 'pack' });
    if (reply) this.showPack(reply.puzzles);
    document.getElementById('pack').showModal();
  }

  showPack(puzzles) {
    const cards = document.getElementById('cards');
    cards.replaceChildren(...puzzles.map((p) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.path = p.path;
      button.setAttribute('aria-label', `Open ${p.title || p.path}`);
      if (p.open) button.classList.add('open');
      if (p.title) {
        const img = document.createElement('img');
        img.loading = 'lazy';
        img.alt = `Card of ${p.title}`;
        img.src = '/card/' + p.path.split('/').map(encodeURIComponent).join('/');
        button.appendChild(img);
      }
      button.appendChild(document.createTextNode(p.problem ? `${p.path}: ${p.problem}` : `${p.path} · ${p.summary}`));
      button.addEventListener('click', async () => {
        const r = this.showReply(await this.connection.send({ type: 'open', path: p.path }));
        if (r?.ok) document.getElementById('pack').close();
      });
      li.appendChild(button);
      return li;
    }));
  }

  wire() {
    const overlay = document.getElementById('overlay');
    overlay.addEventListener('pointerdown', (e) => { overlay.focus(); this.view?.pointerDown(e, overlay); });
    overlay.addEventListener('pointermove', (e) => this.view?.pointerMove?.(e, overlay));
    overlay.addEventListener('pointerup', (e) => this.view?.pointerUp?.(e, overlay, false));
    overlay.addEventListener('pointercancel', (e) => this.view?.pointerUp?.(e, overlay, true));
    overlay.addEventListener('wheel', (e) => this.view?.wheel?.(e), { passive: false });
    document.addEventListener('keydown', (e) => {
      if (e.target.closest?.('input, select, textarea, dialog')) return;
      if ((e.ctrlKey || e.metaKey) && (e.key === 'z' || e.key === 'Z')) { e.preventDefault(); this.run(e.shiftKey ? 'redo' : 'undo'); return; }
      if ((e.ctrlKey || e.metaKey) && e.key === 'y') { e.preventDefault(); this.run('redo'); return; }
      if ((e.ctrlKey || e.metaKey) && e.key === 's') { e.preventDefault(); this.save(); return; }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (this.view?.key(e)) e.preventDefault();
    });
    document.getElementById('undo-button').addEventListener('click', () => this.run('undo'));
    document.getElementById('redo-button').addEventListener('click', () => this.run('redo'));
    document.getElementById('save-button').addEventListener('click', () => this.save());
    document.getElementById('validate-button').addEventListener('click', () => this.run('validate'));
    document.getElementById('pack-button').addEventListener('click', () => this.openPack());
    document.getElementById('pack-close').addEventListener('click', () => document.getElementById('pack').close());
    document.getElementById('layer-select').addEventListener('change', (e) => this.run(`layer ${e.target.value}`));
    document.getElementById('candidates-toggle').addEventListener('change', (e) => this.sudoku.toggleCandidates(e.target.checked));
    document.getElementById('hint-button').addEventListener('click', () => this.run('hint --place'));
    document.querySelectorAll('#tangram-tools [data-action]').forEach((b) => b.addEventListener('click', () => this.tangram.act(b.dataset.action)));
    document.getElementById('new-form').addEventListener('submit', async (e) => {
      e.preventDefault();
      const path = document.getElementById('new-path').value.trim();
      const r = this.showReply(await this.connection.send({ type: 'new', template: document.getElementById('new-template').value, ...(path ? { path } : {}) }));
      if (r?.ok) document.getElementById('pack').close();
    });
  }
}

window.gridedit = new App();
