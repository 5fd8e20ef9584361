/** Colours of chart series; a plain module so that server components can pick them too. */
const COLORS = ['teal.7', 'blue.6', 'orange.6', 'grape.6'];
export const seriesColor = (index: number) => COLORS[index % COLORS.length];
