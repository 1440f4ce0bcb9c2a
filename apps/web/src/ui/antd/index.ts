/**
 * The one door to antd-mobile: importing from here applies the React 19 render and our theme
 * (antd.ts) before any component is used. Only lazy routes import it, so it never reaches the first
 * paint of `/` (bench/first-paint-js.mjs).
 */
import './antd.ts';

export * from 'antd-mobile';
