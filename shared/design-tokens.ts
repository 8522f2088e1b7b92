/**
 * The portal's design tokens: every colour, and the spacing, radii, font sizes and shadows that repeat. This file is
 * their only written copy (a unit test refuses a colour written anywhere else in web/src, shared/ or server/):
 * - the web client's stylesheets and inline styles read them as CSS custom properties (`var(--color-primary)`),
 *   which web/vite.config.ts turns this object into (`tokensCss()`, the virtual module `virtual:design-tokens.css`);
 * - antd's theme (web/src/config/theme.ts) and canvas code read the values themselves (`COLOR.primary`): antd
 *   derives its palettes from real colours, not from var();
 * - the server's PDFs and e-mails write the values into their own HTML.
 * The colours are antd 6's defaults with the school's indigo (docs/product.md §9) as primary; the greys and reds
 * that text uses are darkened where antd's own fall short of WCAG AA on white (noted beside each).
 */
export const COLOR = {
  // The school's indigo (Material indigo darken-4) and its accent.
  primary: '#1A237E',
  primaryHover: '#3a4596',
  primaryActive: '#0b1059',
  /** Selected rows and the current step's badge (indigo lighten-5); primary text on it is 12.6:1. */
  primaryBg: '#e8eaf6',
  primaryBgHover: '#f0f2ff',
  primaryBorder: '#9fa8da',
  /** The rule beside quoted terms (indigo lighten-4). */
  primaryRule: '#c5c8e8',
  /** A focused control's ring. */
  focusRing: 'rgba(26, 35, 126, 0.4)',
  /** antd's control outline and the primary button's shadow, derived from the primary colour. */
  primaryShadow: 'rgba(3, 13, 42, 0.31)',
  accent: '#fcd34c',
  /** The skip link's blue, 10.9:1 on white. */
  skipLink: '#0b3d91',

  white: '#ffffff',
  onPrimaryHover: 'rgba(255, 255, 255, 0.12)',
  onPrimaryActive: 'rgba(255, 255, 255, 0.2)',

  // Text on white. antd's secondary grey (0.45 alpha) is 4.0:1: descriptions and hints use 0.66 (5.7:1), and
  // placeholders 0.56 (4.6:1).
  text: 'rgba(0, 0, 0, 0.88)',
  textSecondary: 'rgba(0, 0, 0, 0.66)',
  textStep: 'rgba(0, 0, 0, 0.65)',
  textPlaceholder: 'rgba(0, 0, 0, 0.56)',
  /** Icons that carry no meaning alone (the select's and a card's arrow). */
  textIcon: 'rgba(0, 0, 0, 0.45)',
  textDisabled: 'rgba(0, 0, 0, 0.25)',

  // Fills and lines.
  bgLayout: '#f3f4f8',
  bgMask: 'rgba(0, 0, 0, 0.45)',
  bgTooltip: 'rgba(0, 0, 0, 0.85)',
  fill: 'rgba(0, 0, 0, 0.15)',
  fillSecondary: 'rgba(0, 0, 0, 0.06)',
  fillTertiary: 'rgba(0, 0, 0, 0.04)',
  fillQuaternary: 'rgba(0, 0, 0, 0.02)',
  fillGrey: '#f5f5f5',
  fillGreyLight: '#fafafa',
  border: '#d9d9d9',
  borderSecondary: '#f0f0f0',
  borderCard: '#e5e7eb',
  split: 'rgba(5, 5, 5, 0.06)',

  // Errors. antd's red is 3.3:1 on white; field errors need 4.5:1: its palette's darker red is 5.6:1, and white on
  // the danger button's red is 7.7:1 resting, 5.6:1 hovered, 10.7:1 pressed.
  error: '#cf1322',
  errorStrong: '#a8071a',
  errorActive: '#820014',
  errorBg: '#ffe8e6',
  errorBgLight: '#fff1f0',
  errorBorder: '#f58d8c',
  errorBorderLight: '#ffa39e',
  errorOutline: 'rgba(255, 38, 5, 0.06)',
  /** Material red 800, the admin's "not saved" icon. */
  errorIcon: '#c62828',

  // Success.
  success: '#2e7d32',
  successText: '#1b7f3b',
  successDark: '#237804',
  successDarker: '#135200',
  successIcon: '#389e0d',
  successBg: '#f6ffed',
  successBorder: '#b7eb8f',
  switchShadow: 'rgba(0, 35, 11, 0.2)',

  // Warnings.
  warning: '#faad14',
  warningIcon: '#d48806',
  warningText: '#613400',
  warningBg: '#fffbe6',
  warningBorder: '#ffe58f',
  /** Something still to do (a checklist's open item), 5.8:1 on white. */
  incomplete: '#ad4e00',
  orangeText: '#873800',
  orangeBg: '#fff7e6',
  orangeBorder: '#ffd591',

  // Information.
  infoText: '#003a8c',
  infoBg: '#e6f4ff',
  infoBorder: '#91caff',

  // Printed pages and e-mails (PDFs, where the screen's translucent greys would print unevenly).
  printText: '#111111',
  printBody: '#1f1f1f',
  printDark: '#333333',
  printLabel: '#444444',
  printMuted: '#555555',
  printSignature: '#595959',
  printFaint: '#666666',
  printSoft: '#777777',
  printLine: '#888888',
  printRule: '#999999',
  printBorder: '#bbbbbb',
  printRowRule: '#cccccc',
  printLabelBg: '#f3f4fa',
  printTotalBg: '#fdf6dc',
  printTableHeadBg: '#eeeeff',
  printYes: '#1b5e20',
  printNo: '#b71c1c',
} as const;

export const SPACE = {
  1: '4px',
  2: '8px',
  3: '12px',
  4: '16px',
  5: '24px',
} as const;

export const RADIUS = {
  sm: '4px',
  md: '6px',
  lg: '8px',
  pill: '100px',
} as const;

export const FONT_SIZE = {
  xs: '12px',
  sm: '14px',
  md: '16px',
  lg: '18px',
  xl: '22px',
  xxl: '24px',
} as const;

export const SHADOW = {
  /** antd's shadow of raised surfaces (its boxShadowSecondary): the notice, the menus, the plain dialog. */
  popup: '0 6px 16px 0 rgba(0, 0, 0, 0.08), 0 3px 6px -4px rgba(0, 0, 0, 0.12), 0 9px 28px 8px rgba(0, 0, 0, 0.05)',
  /** The same shadow cast sideways, by a drawer. */
  drawer: '6px 0 16px 0 rgba(0, 0, 0, 0.08), 3px 0 6px -4px rgba(0, 0, 0, 0.12), 9px 0 28px 8px rgba(0, 0, 0, 0.05)',
  card: '0 1px 2px rgba(0, 0, 0, 0.04), 0 2px 8px rgba(0, 0, 0, 0.06)',
  cardHover: '0 1px 2px -2px rgba(0, 0, 0, 0.16), 0 3px 6px 0 rgba(0, 0, 0, 0.12), 0 5px 12px 4px rgba(0, 0, 0, 0.09)',
  /** A default button's or a small tile's shadow. */
  control: '0 2px 0 rgba(0, 0, 0, 0.02)',
  tile: '0 1px 2px rgba(0, 0, 0, 0.04)',
  primaryButton: `0 2px 0 ${COLOR.primaryShadow}`,
  focus: `0 0 0 2px ${COLOR.primaryShadow}`,
  errorFocus: `0 0 0 2px ${COLOR.errorOutline}`,
  switchHandle: `0 2px 4px 0 ${COLOR.switchShadow}`,
} as const;

/** Images drawn from a token colour (a data URL cannot read a custom property). */
export const IMAGE = {
  /** The native select's arrow: Ant Design's DownOutlined (MIT licence), in the icon grey. */
  selectArrow:
    `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='64 64 896 896' ` +
    `fill='${COLOR.textIcon.replace(/ /g, '')}'%3E%3Cpath d='M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 ` +
    '227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6' +
    `-486.1c3.9-5.3.1-12.7-6.4-12.7z'/%3E%3C/svg%3E")`,
} as const;

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const GROUPS = [
  ['color', COLOR],
  ['space', SPACE],
  ['radius', RADIUS],
  ['font-size', FONT_SIZE],
  ['shadow', SHADOW],
  ['image', IMAGE],
] as const;

/** Every token as a custom property: `--color-primary`, `--space-3`, `--radius-md`, `--font-size-sm`, … */
export function tokensCss(): string {
  const lines = GROUPS.flatMap(([prefix, group]) =>
    Object.entries(group).map(([name, value]) => `  --${prefix}-${kebab(name)}: ${value};`),
  );
  return `:root {\n${lines.join('\n')}\n}\n`;
}

type CssVars<T> = { readonly [K in keyof T]: string };
const cssVars = <T extends object>(prefix: string, group: T): CssVars<T> =>
  Object.fromEntries(Object.keys(group).map((name) => [name, `var(--${prefix}-${kebab(name)})`])) as CssVars<T>;

/** The custom properties for inline styles: `style={{ color: CSS_COLOR.textSecondary }}`. */
export const CSS_COLOR = cssVars('color', COLOR);
export const CSS_SPACE = cssVars('space', SPACE);
export const CSS_RADIUS = cssVars('radius', RADIUS);
export const CSS_FONT_SIZE = cssVars('font-size', FONT_SIZE);
export const CSS_SHADOW = cssVars('shadow', SHADOW);
