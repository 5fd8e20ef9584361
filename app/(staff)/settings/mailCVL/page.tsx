/** The lucee campsites reach the same settings under this name (spec section 2). */
export { default, generateMetadata } from '../mailCV/page';
