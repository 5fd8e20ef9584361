export { default, generateMetadata } from '../page';
