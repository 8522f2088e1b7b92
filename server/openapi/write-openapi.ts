import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApiReference, OPENAPI_FILE, serialise } from './openapi-document.js';

// `npm run openapi`: writes the API reference generated from the controllers (docs/design.md, API reference).
const { document, routes } = await buildApiReference();
writeFileSync(path.resolve(OPENAPI_FILE), serialise(document));
console.log(`${OPENAPI_FILE}: ${routes.length} routes`);
