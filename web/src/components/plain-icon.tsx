import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import type { CSSProperties, ReactNode } from 'react';
import { createElement } from 'react';

/*
 * The family pages' icons without antd's runtime: an icon definition of @ant-design/icons-svg (the shapes
 * @ant-design/icons draws, `import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined'`), drawn as an
 * inline SVG sized by the text around it (plain-controls.css, .pf-icon). Each page's chunk carries only the icons it
 * imports.
 */

/** An SVG attribute of the definition (`fill-rule`) under React's name (`fillRule`). */
const reactAttrs = (attrs: AbstractNode['attrs']): Record<string, string> =>
  Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), value]),
  );

const node = (n: AbstractNode, key: number): ReactNode =>
  createElement(n.tag, { key, ...reactAttrs(n.attrs) }, ...(n.children ?? []).map(node));

export function PlainIcon({
  icon,
  className,
  style,
}: {
  icon: IconDefinition;
  className?: string;
  style?: CSSProperties;
}) {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <svg
      {...reactAttrs(svg.attrs)}
      aria-hidden="true"
      focusable="false"
      className={`pf-icon ${className ?? ''}`.trim()}
      style={style}
    >
      {(svg.children ?? []).map(node)}
    </svg>
  );
}
