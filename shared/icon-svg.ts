import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types.js';

/*
 * An icon definition of @ant-design/icons-svg as SVG markup, for HTML the server writes as a string; the web client
 * draws the same definitions with its PlainIcon component.
 */

const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const attrsOf = (attrs: Record<string, string>): string =>
  Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
const markup = (n: AbstractNode): string =>
  `<${n.tag}${attrsOf(n.attrs)}>${(n.children ?? []).map(markup).join('')}</${n.tag}>`;

/** The icon's <svg>, with `attrs` added to (or replacing) the definition's own. */
export function iconSvg(icon: IconDefinition, attrs: Record<string, string>): string {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return markup({ ...svg, attrs: { ...svg.attrs, ...attrs } });
}
