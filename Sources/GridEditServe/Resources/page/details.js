// The puzzle's details (name, id, difficulty, author): what `gridedit check`, the pack view and
// the cards show. A change is the editor's `meta FIELD VALUE` command, so it is undoable and
// journaled like any edit; a refused value (an id with spaces, say) is reported in the messages
// and the field goes back to what the puzzle holds.

const $ = (id) => document.getElementById(id);

/** A word as the command line must spell it to read back as itself (Tokenizer.escape). */
export function escapeWord(word) {
  let out = '';
  for (const c of word) {
    if (c === ' ' || c === '"' || c === "'" || c === '\\' || (c === '#' && out === '')) out += '\\';
    out += c;
  }
  return out;
}

export class DetailsView {
  constructor(app) {
    this.app = app;
    this.fields = [...document.querySelectorAll('#details-form [data-field]')];
    $('details-form').addEventListener('submit', (e) => e.preventDefault());
    for (const field of this.fields) {
      field.addEventListener('change', () => this.commit(field));
      field.addEventListener('keydown', (e) => {
        if (e.key === 'Escape') { this.paint(this.app.state?.document, true); field.blur(); }
        if (e.key === 'Enter') { e.preventDefault(); field.blur(); }
      });
    }
  }

  /** Shows the open puzzle's details; a field being typed in keeps its text unless `force`. */
  paint(doc, force = false) {
    $('details').hidden = !doc?.meta;
    if (!doc?.meta) return;
    for (const field of this.fields) {
      if (!force && document.activeElement === field) continue;
      field.value = doc.meta[field.dataset.field] ?? '';
    }
  }

  async commit(field) {
    const meta = this.app.state?.document?.meta;
    if (!meta) return;
    const name = field.dataset.field;
    const value = field.value.trim();
    if (value === (meta[name] ?? '')) return;
    if (value === '' && name !== 'author') { field.value = meta[name]; return; }
    const reply = await this.app.run(`meta ${name} ${value === '' ? '-' : escapeWord(value)}`);
    if (!reply?.ok) this.paint(this.app.state?.document, true);
  }
}
