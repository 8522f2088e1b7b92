import type { ThemeConfig } from 'antd';
import { COLOR, RADIUS } from '../../../shared/design-tokens.js';

/**
 * antd's theme, from the design tokens (shared/design-tokens.ts): antd derives its palettes from real colours, so it
 * reads the values, not the custom properties. docs/product.md §9 theme: the indigo primary, the yellow accent. The
 * grey text tokens and the error red are darkened from antd's defaults so hints, descriptions and field errors meet
 * WCAG AA contrast on white.
 */
export const themeConfig: ThemeConfig = {
  token: {
    colorPrimary: COLOR.primary,
    colorLink: COLOR.primary,
    colorInfo: COLOR.primary,
    colorTextDescription: COLOR.textSecondary,
    colorTextTertiary: COLOR.textSecondary,
    colorTextPlaceholder: COLOR.textPlaceholder,
    // antd's default red is 3.3:1 on white: a field's error message ('Only Numbers Allowed') needs
    // 4.5:1. Its palette's darker red is 5.6:1.
    colorError: COLOR.error,
    colorBgLayout: COLOR.bgLayout,
    borderRadius: parseInt(RADIUS.md, 10),
  },
  components: {
    Layout: {
      headerBg: COLOR.primary,
      headerColor: COLOR.white,
      headerHeight: 56,
      headerPadding: '0 12px',
      siderBg: COLOR.white,
    },
    // 24 px tall, not antd's 22: WCAG 2.2 target size.
    Switch: { trackHeight: 24, handleSize: 20, trackMinWidth: 48 },
    // A table's empty text ('No student matches the search.') is drawn in antd's disabled grey (1.8:1 on white): the
    // description grey is AA. A table has no disabled text of its own to tell apart.
    Table: { colorTextDisabled: COLOR.textSecondary },
  },
};
