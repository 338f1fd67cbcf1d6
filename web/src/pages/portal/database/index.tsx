export { default } from './home';
