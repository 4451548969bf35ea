import type { Ink } from './motifs.ts';

/** A backdrop (two soft tints for a gradient) and the inks for the object in front of it. */
export interface Palette extends Ink {
  backdrop: [string, string];
  /** Decorative sprinkles behind the object. */
  accent: string;
}

/** Soft, warm palettes: blush, sage, saffron, lavender, sky, terracotta, mint, peach, plum, sand. */
export const palettes: Palette[] = [
  { backdrop: ['#fdf0ee', '#f8dcd8'], accent: '#f2b8b0', main: '#e88f8a', second: '#c9a227', light: '#fff6f1', ink: '#5b3a3a' },
  { backdrop: ['#eef5ee', '#d7e8d6'], accent: '#b5d3b3', main: '#7fae8a', second: '#e7b75f', light: '#fbfaf2', ink: '#2f4a3a' },
  { backdrop: ['#fff6e5', '#fbe3b8'], accent: '#f5cf86', main: '#e9a23b', second: '#b5495b', light: '#fffaf0', ink: '#5a3a16' },
  { backdrop: ['#f3effa', '#e2d8f3'], accent: '#cbbbe9', main: '#9b86cf', second: '#f0b5c9', light: '#fbf9ff', ink: '#3b2f5c' },
  { backdrop: ['#edf5fb', '#d5e7f5'], accent: '#b3d2ec', main: '#6fa3cf', second: '#f2c14e', light: '#f8fcff', ink: '#22405a' },
  { backdrop: ['#fbefe8', '#f3d5c4'], accent: '#e9b79c', main: '#c9714f', second: '#3f7f6f', light: '#fff7f1', ink: '#4d2a1c' },
  { backdrop: ['#ecf8f4', '#cfeee3'], accent: '#a8dcc9', main: '#4fb093', second: '#f19a8b', light: '#f6fffb', ink: '#1f4a3e' },
  { backdrop: ['#fff2ea', '#ffdcc8'], accent: '#ffc1a0', main: '#f08a5d', second: '#6c5b9e', light: '#fffaf6', ink: '#5c2e1a' },
  { backdrop: ['#f8eef3', '#ecd3e0'], accent: '#ddb0c7', main: '#a8577e', second: '#e3b23c', light: '#fff7fb', ink: '#452034' },
  { backdrop: ['#f7f3ea', '#ebe2cf'], accent: '#d9caa6', main: '#b89560', second: '#7b9e87', light: '#fffdf7', ink: '#47391f' },
];
