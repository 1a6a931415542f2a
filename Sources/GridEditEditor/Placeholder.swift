// Placeholder: replaced by the editor work.
