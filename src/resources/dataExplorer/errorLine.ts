import { StateEffect, StateField, type EditorState } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';

// Marks the line a failed statement points to: a line decoration (`cm-errorLine`) plus a lint
// diagnostic carrying the message. Editing the text clears the mark.

const ERROR_LINE_CLASS = 'cm-errorLine';

const setErrorLine = StateEffect.define<number | null>();

const errorLineDecoration = Decoration.line({
  class: ERROR_LINE_CLASS,
  attributes: { 'aria-invalid': 'true' },
});

export const errorLineField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, transaction) {
    for (const effect of transaction.effects) {
      if (!effect.is(setErrorLine)) continue;
      if (effect.value === null) return Decoration.none;
      const line = transaction.state.doc.line(effect.value);
      return Decoration.set([errorLineDecoration.range(line.from)]);
    }
    return transaction.docChanged ? Decoration.none : decorations.map(transaction.changes);
  },
  provide: (field) => EditorView.decorations.from(field),
});

export const errorLineTheme = EditorView.baseTheme({
  [`.${ERROR_LINE_CLASS}`]: { backgroundColor: 'rgba(211, 47, 47, 0.12)' },
});

/** The 1-based line clamped to the document, or null when there is none. */
function clampLine(state: EditorState, line: number | undefined): number | null {
  if (!line) return null;
  return Math.min(Math.max(1, line), state.doc.lines);
}

/** Shows (or with `line` undefined, clears) the error mark and its diagnostic. */
export function showError(view: EditorView, line: number | undefined, message = ''): void {
  const at = clampLine(view.state, line);
  const diagnostics: Diagnostic[] = [];
  if (at !== null) {
    const { from, to } = view.state.doc.line(at);
    diagnostics.push({ from, to, severity: 'error', message });
  }
  view.dispatch(setDiagnostics(view.state, diagnostics));
  view.dispatch({ effects: setErrorLine.of(at) });
}
