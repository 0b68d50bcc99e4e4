export * from './layoutSettings';
export * from './layoutReducer';
export { LayoutSettingsProvider, useLayoutSettings } from './LayoutSettingsProvider';
export { resolveInitialTheme } from './themeStorage';
