// Every user-facing text in pt, en and es (resources.ts), the namespaces, and the server's lookup.
export { resources } from './resources.ts';
export { NAMESPACES } from './namespaces.ts';
export { translate } from './translate.ts';
