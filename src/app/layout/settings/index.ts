export * from './layoutSettings';
export * from './layoutReducer';
export { LayoutSettingsProvider, useLayoutSettings } from './LayoutSettingsProvider';
export { resolveInitialTheme, storeTheme } from './themeStorage';
