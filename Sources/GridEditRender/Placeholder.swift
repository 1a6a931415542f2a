// Placeholder: replaced by the rendering work.
