export { default } from './CockpitNav';
