/** The run shortcut as shown to the user: Cmd+Enter on Apple systems, Ctrl+Enter elsewhere. */
export function runShortcutLabel(platform: string = navigator.platform ?? ''): string {
  return /Mac|iPhone|iPad|iPod/i.test(platform) ? '⌘+Enter' : 'Ctrl+Enter';
}
