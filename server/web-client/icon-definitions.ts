import { createRequire } from 'node:module';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types.js';

// The package's ES build is not marked as ES modules, so Node loads its CommonJS build.
const require = createRequire(import.meta.url);

/** An icon definition of @ant-design/icons-svg by its name ('EyeOutlined'), the shapes the web client draws. */
export const iconDefinition = (name: string): IconDefinition =>
  (require(`@ant-design/icons-svg/lib/asn/${name}.js`) as { default: IconDefinition }).default;
