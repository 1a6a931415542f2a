// The pack view: the served folder's puzzles as cards (the renderer's own card PNGs), grouped by
// folder, each curriculum as a timeline of its days (a column a day, a chip a puzzle whose bar
// is its measured difficulty), plus "new from template". Opening and creating go through the `open` and `new`
// messages, whose paths the server checks against the served folder.
//
// Cards come in each pack's own order (its pack.json; files it does not list after, marked), each
// with a badge of what `gridedit check` finds in it (data-errors, data-warnings). Drag a card onto
// another of its pack (or Alt-Left / Alt-Right on a focused card) to reorder the pack: the server
// rewrites pack.json atomically. Each pack has its printable booklet (PDF) a click away.

const $ = (id) => document.getElementById(id);

export class PackView {
  constructor(app) {
    this.app = app;
    $('pack-close').addEventListener('click', () => $('pack').close());
    for (const choice of ['recover', 'discard', 'keep']) $(`unsaved-${choice}`).addEventListener('click', () => this.answerUnsaved(choice));
    $('new-form').addEventListener('submit', (e) => { e.preventDefault(); this.create(); });
    const emptyChoice = () => { document.querySelector('[data-tangram-template]').hidden = $('new-template').value !== 'tangram'; };
    $('new-template').addEventListener('change', emptyChoice);
    emptyChoice();
  }

  /** Opens the pack view at once and fills it when the server answers; a second call while one
   *  is on its way waits for that one instead of painting twice. */
  show() {
    if (!$('pack').open) $('pack').showModal();
    if (this.showing) return this.showing;
    this.showing = (async () => {
      $('pack-error').hidden = true;
      $('cards').setAttribute('aria-busy', 'true');
      const reply = await this.app.connection.send({ type: 'pack' });
      this.packs = new Map((reply?.packs || []).map((p) => [p.folder, p]));
      this.paint(reply?.puzzles || [], reply?.curricula || []);
      $('cards').setAttribute('aria-busy', 'false');
    })().finally(() => { this.showing = null; });
    return this.showing;
  }

  paint(puzzles, curricula = []) {
    const groups = new Map();
    for (const p of puzzles) {
      const folder = p.path.includes('/') ? p.path.slice(0, p.path.lastIndexOf('/')) : '.';
      if (!groups.has(folder)) groups.set(folder, []);
      groups.get(folder).push(p);
    }
    const sections = [...groups].map(([folder, list]) => {
      const section = document.createElement('section');
      section.className = 'pack-group';
      section.setAttribute('aria-label', folder);
      const pack = this.packs?.get(folder);
      const heading = Object.assign(document.createElement('h3'), {
        textContent: `${pack ? `${pack.title} · ` : ''}${folder} · ${list.length} puzzle${list.length === 1 ? '' : 's'}${pack ? '' : ' · no pack.json'}`,
      });
      heading.dataset.puzzles = String(list.length);
      if (pack) {
        const booklet = Object.assign(document.createElement('a'), {
          className: 'booklet', textContent: 'Booklet (PDF)', href: '/booklet/' + folder.split('/').map(encodeURIComponent).join('/'),
        });
        booklet.setAttribute('download', '');
        booklet.setAttribute('aria-label', `The printable booklet of ${pack.title} (PDF)`);
        heading.append(' · ', booklet);
      }
      const grid = document.createElement('div');
      grid.className = 'pack-grid';
      grid.dataset.folder = folder;
      grid.append(...list.map((p) => this.card(p, pack ? folder : null)));
      section.append(heading, grid);
      return section;
    });
    sections.unshift(...curricula.map((c) => this.timeline(c)));
    if (!sections.length) sections.push(Object.assign(document.createElement('p'), { textContent: 'No puzzle files in this folder yet: start one from a template.' }));
    $('cards').replaceChildren(...sections);
  }

  timeline(c) {
    const section = document.createElement('section');
    section.className = 'pack-group curriculum';
    section.setAttribute('aria-label', `Curriculum ${c.name}`);
    section.dataset.curriculum = c.path;
    const problems = c.findings ? ` · ${c.findings} finding${c.findings === 1 ? '' : 's'}: run gridedit check` : '';
    const title = Object.assign(document.createElement('h3'), {
      textContent: `${c.path} · ${c.name} · ages ${c.ages} · ${c.days.length} days${problems}`,
    });
    title.dataset.days = String(c.days.length);
    title.dataset.findings = String(c.findings || 0);
    section.appendChild(title);
    const strip = document.createElement('div');
    strip.className = 'timeline';
    for (const day of c.days) {
      const column = document.createElement('div');
      column.className = 'timeline-day';
      column.dataset.day = String(day.day);
      column.title = `Day ${day.day}: ${day.theme} (${day.minutes} min)`;
      column.appendChild(Object.assign(document.createElement('span'), { className: 'timeline-number', textContent: day.day }));
      for (const activity of day.activities) {
        for (const p of activity.puzzles) {
          const chip = document.createElement('button');
          chip.type = 'button';
          chip.className = `timeline-chip ${activity.game} ${activity.type}` + (p.path ? '' : ' problem');
          chip.textContent = activity.type[0].toUpperCase();
          chip.dataset.game = activity.game;
          chip.dataset.activity = activity.type;
          chip.dataset.ref = p.ref;
          if (p.path) chip.dataset.path = p.path;
          if (p.value !== undefined) chip.dataset.difficulty = String(p.value);
          const measured = p.value === undefined ? 'not measured' : `difficulty ${p.value}`;
          chip.setAttribute('aria-label', `Day ${day.day} ${activity.type}: ${p.name || p.ref} (${measured})`);
          chip.title = `${activity.type}: ${p.name || p.ref + ' (not found)'} · ${measured}`;
          chip.style.setProperty('--level', String(Math.min(4, Number(p.value || 0)) / 4));
          if (p.path) chip.addEventListener('click', () => this.open(p.path));
          column.appendChild(chip);
        }
      }
      strip.appendChild(column);
    }
    section.appendChild(strip);
    return section;
  }

  card(p, packFolder) {
    const button = document.createElement('button');
    button.type = 'button';
    const broken = p.problem || p.errors > 0;
    button.className = 'card' + (broken ? ' problem' : '') + (p.open ? ' is-open' : '') + (p.listed === false ? ' unlisted' : '');
    button.dataset.path = p.path;
    button.dataset.errors = String(p.errors || 0);
    button.dataset.warnings = String(p.warnings || 0);
    const found = [p.errors ? `${p.errors} error${p.errors === 1 ? '' : 's'}` : '', p.warnings ? `${p.warnings} warning${p.warnings === 1 ? '' : 's'}` : '']
      .filter(Boolean).join(', ');
    button.setAttribute('aria-label', p.problem ? `${p.path}: ${p.problem}` : `Open ${p.title} (${p.path})${found ? `: ${found}` : ''}`
      + (p.listed === false ? ', not in pack.json' : ''));
    if (found) {
      const badge = Object.assign(document.createElement('span'), {
        className: 'card-badge' + (p.errors ? ' errors' : ' warnings'), textContent: String((p.errors || 0) + (p.warnings || 0)),
      });
      badge.title = found;
      button.appendChild(badge);
    }
    if (packFolder && p.listed) this.reorderable(button, packFolder);
    if (p.title) {
      const img = document.createElement('img');
      img.alt = '';
      img.draggable = false;  // a card is dragged to reorder its pack, never as an image
      img.width = 158;
      img.height = 222;
      img.src = '/card/' + p.path.split('/').map(encodeURIComponent).join('/');
      button.appendChild(img);
    }
    const name = p.path.slice(p.path.lastIndexOf('/') + 1);
    button.appendChild(Object.assign(document.createElement('span'), { className: 'card-path', textContent: p.problem ? `${name}: ${p.problem}` : name }));
    button.addEventListener('click', () => { if (!this.dragged) this.open(p.path); this.dragged = false; });
    return button;
  }

  // MARK: reordering a pack

  /** A card that a pointer drag (or Alt-Left / Alt-Right) moves within its pack. */
  reorderable(card, folder) {
    card.dataset.reorderable = 'true';
    card.addEventListener('dragstart', (e) => e.preventDefault());
    card.setAttribute('aria-keyshortcuts', 'Alt+ArrowLeft Alt+ArrowRight');
    card.addEventListener('keydown', (e) => {
      if (!e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
      e.preventDefault();
      const sibling = e.key === 'ArrowLeft' ? card.previousElementSibling : card.nextElementSibling;
      if (!sibling?.dataset.reorderable) return;
      if (e.key === 'ArrowLeft') sibling.before(card); else sibling.after(card);
      card.focus();
      this.saveOrder(folder, card.parentElement);
    });
    // Move and release are followed on the window, not with pointer capture: moving the card in
    // the DOM (before / after) would release a capture and lose the drop.
    card.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const start = { x: e.clientX, y: e.clientY };
      let moving = false;
      const move = (m) => {
        if (m.pointerId !== e.pointerId) return;
        if (!moving && Math.hypot(m.clientX - start.x, m.clientY - start.y) < 8) return;
        if (!moving) { moving = true; card.classList.add('moving'); }
        m.preventDefault();
        const over = document.elementsFromPoint(m.clientX, m.clientY).map((el) => el.closest?.('.card')).find((c) => c && c !== card);
        if (!over || over.parentElement !== card.parentElement || !over.dataset.reorderable) return;
        const r = over.getBoundingClientRect();
        if (m.clientX < r.left + r.width / 2) over.before(card); else over.after(card);
      };
      const up = (u) => {
        if (u.pointerId !== e.pointerId) return;
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        window.removeEventListener('pointercancel', up);
        if (!moving) return;
        card.classList.remove('moving');
        this.dragged = true;  // the click that ends a drag does not open the card
        setTimeout(() => { this.dragged = false; }, 0);
        this.saveOrder(folder, card.parentElement);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
      window.addEventListener('pointercancel', up);
    });
  }

  /** Sends a pack's order as the page shows it; on a refusal, shows why and the server's order again. */
  async saveOrder(folder, grid) {
    const order = [...grid.querySelectorAll('.card[data-reorderable]')].map((c) => c.dataset.path.slice(c.dataset.path.lastIndexOf('/') + 1));
    const reply = this.app.showReply(await this.app.connection.send({ type: 'reorder', folder, order }));
    if (reply?.ok) {
      grid.dataset.saved = order.join(' ');
    } else {
      this.error(reply);
      this.show();
    }
  }

  /** Opens a file; one with unsaved edits from a session that ended abruptly asks first what to do with them. */
  async open(path, unsaved) {
    const reply = this.app.showReply(await this.app.connection.send({ type: 'open', path, ...(unsaved ? { unsaved } : {}) }));
    if (reply?.ok) {
      $('pack').close();
    } else if (reply?.unsaved) {
      const dialog = $('unsaved');
      dialog.dataset.path = path;
      dialog.dataset.unsavedEdits = String(reply.unsaved.edits);
      const n = reply.unsaved.edits;
      $('unsaved-message').textContent = `${path} has ${n} unsaved edit${n === 1 ? '' : 's'} from a session that ended abruptly `
        + `(started ${reply.unsaved.started}). Recover them, discard them, or open the file as saved and keep them for later.`;
      dialog.showModal();
    } else {
      this.error(reply);
    }
  }

  /** The answer to the unsaved-edits question: the file opens with them, without them, or as saved. */
  answerUnsaved(choice) {
    const dialog = $('unsaved');
    dialog.close();
    this.open(dialog.dataset.path, choice);
  }

  async create() {
    const path = $('new-path').value.trim();
    const template = $('new-template').value;
    const empty = template === 'tangram' && $('new-empty').checked;
    const message = { type: 'new', template, ...(path ? { path } : {}), ...(empty ? { empty } : {}) };
    const reply = this.app.showReply(await this.app.connection.send(message));
    if (reply?.ok) $('pack').close(); else this.error(reply);
  }

  error(reply) {
    $('pack-error').textContent = reply?.error || reply?.message || 'no reply from the server';
    $('pack-error').hidden = false;
  }
}
