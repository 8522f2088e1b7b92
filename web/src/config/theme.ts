import type { ThemeConfig } from 'antd';
import { THEME } from '../../../shared/constants.js';

/**
 * docs/product.md §9 theme: primary #1A237E (indigo darken-4), secondary #fcd34c as an accent. The grey text tokens
 * and the error red are darkened from antd's defaults so hints, descriptions and field errors meet
 * WCAG AA contrast on white.
 */
export const themeConfig: ThemeConfig = {
  token: {
    colorPrimary: THEME.primary,
    colorLink: THEME.primary,
    colorInfo: THEME.primary,
    colorTextDescription: 'rgba(0, 0, 0, 0.66)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.66)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // antd's red (#ff4d4f) is 3.3:1 on white: a field's error message ('Only Numbers Allowed') needs
    // 4.5:1. Its palette's darker red is 5.6:1.
    colorError: '#cf1322',
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
    // 24 px tall, not antd's 22: WCAG 2.2 target size.
    Switch: { trackHeight: 24, handleSize: 20, trackMinWidth: 48 },
    // A table's empty text ('No student matches the search.') is drawn in the disabled grey, #bfbfbf (1.8:1 on
    // white): the description grey is AA. A table has no disabled text of its own to tell apart.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.66)' },
  },
};

export const ACCENT = THEME.secondary;
