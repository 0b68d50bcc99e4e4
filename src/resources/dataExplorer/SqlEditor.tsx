import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { Box } from '@mui/material';
import { editorSetup } from './editorSetup';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { closeCompletion } from '@codemirror/autocomplete';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { lintGutter } from '@codemirror/lint';
import type { SourceType } from '../../../common/analytics';
import type { SourceSchema } from '../../../common/api/sources';
import { sqlLanguage } from './sqlDialects';
import { errorLineField, errorLineTheme, showError } from './errorLine';

// CodeMirror 6 as the explorer's SQL editor: the source's dialect, completion of its tables
// and columns, Mod-Enter (Ctrl+Enter, Cmd+Enter on mac) to run, and the error line mark.

export interface SqlToRun {
  sql: string;
  /** Lines before the run text in the document (a selection may start lower down). */
  lineOffset: number;
}

export interface SqlEditorHandle {
  /** Inserts text at the cursor (replacing the selection) and focuses the editor. */
  insert: (text: string) => void;
  /** The selection when there is one, else the whole text. */
  sqlToRun: () => SqlToRun;
  showError: (line: number | undefined, message?: string) => void;
}

interface SqlEditorProps {
  initialSql: string;
  sourceType: SourceType | undefined;
  schema: SourceSchema | null;
  onChange: (sql: string) => void;
  onRun: () => void;
  label: string;
  placeholderText: string;
  ref?: Ref<SqlEditorHandle>;
}

export function SqlEditor({
  initialSql,
  sourceType,
  schema,
  onChange,
  onRun,
  label,
  placeholderText,
  ref,
}: SqlEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const language = useRef(new Compartment()).current;
  const callbacks = useRef({ onChange, onRun });
  callbacks.current = { onChange, onRun };

  useEffect(() => {
    const view = new EditorView({
      parent: hostRef.current!,
      state: EditorState.create({
        doc: initialSql,
        extensions: [
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                preventDefault: true,
                run: (view) => {
                  closeCompletion(view);
                  callbacks.current.onRun();
                  return true;
                },
              },
            ]),
          ),
          editorSetup,
          language.of(sqlLanguage(sourceType, schema)),
          lintGutter(),
          errorLineField,
          errorLineTheme,
          placeholder(placeholderText),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
          EditorView.theme({
            '&': { height: '100%' },
            '.cm-scroller': { fontFamily: 'monospace' },
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The editor is created once per mount; the parent remounts it for another source.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: language.reconfigure(sqlLanguage(sourceType, schema)) });
  }, [language, sourceType, schema]);

  useImperativeHandle(
    ref,
    () => ({
      insert(text) {
        const view = viewRef.current;
        if (!view) return;
        view.dispatch(view.state.replaceSelection(text));
        view.focus();
      },
      sqlToRun() {
        const view = viewRef.current;
        if (!view) return { sql: '', lineOffset: 0 };
        const { from, to } = view.state.selection.main;
        if (from === to) return { sql: view.state.doc.toString(), lineOffset: 0 };
        return {
          sql: view.state.sliceDoc(from, to),
          lineOffset: view.state.doc.lineAt(from).number - 1,
        };
      },
      showError(line, message) {
        if (viewRef.current) showError(viewRef.current, line, message);
      },
    }),
    [],
  );

  return (
    <Box
      ref={hostRef}
      data-testid="sql-editor"
      sx={{
        height: 240,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        resize: 'vertical',
        '& .cm-editor': { height: '100%' },
        '& .cm-editor.cm-focused': { outline: 'none' },
      }}
    />
  );
}
