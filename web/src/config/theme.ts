import type { ThemeConfig } from 'antd';
import { THEME } from '../../../shared/constants.js';

/**
 * §9 theme: primary #1A237E (indigo darken-4), secondary #fcd34c as an accent. The grey text tokens
 * are darkened from antd's defaults so hints and descriptions meet WCAG AA contrast on white.
 */
export const themeConfig: ThemeConfig = {
  token: {
    colorPrimary: THEME.primary,
    colorLink: THEME.primary,
    colorInfo: THEME.primary,
    colorTextDescription: 'rgba(0, 0, 0, 0.66)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.66)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorBgLayout: '#f3f4f8',
    borderRadius: 6,
  },
  components: {
    Layout: {
      headerBg: THEME.primary,
      headerColor: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 12px',
      siderBg: '#ffffff',
    },
  },
};

export const ACCENT = THEME.secondary;
