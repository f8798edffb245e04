// Every user-facing text in pt, en and es (resources.ts), the namespaces, and the server's lookup.
export { resources, type Resources } from './resources.ts';
export { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from './namespaces.ts';
export { translate } from './translate.ts';
export { tidyPunctuation } from './punctuation.ts';
