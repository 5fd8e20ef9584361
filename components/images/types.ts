/** A stored picture as the browser sees it (dates travel as strings or Dates, unused here). */
export type ImageItem = {
  id: string;
  url: string;
  alt: string;
  fileName: string;
  width: number;
  height: number;
  typologyId: string | null;
  category: string | null;
};

export type TypologyOption = { id: string; name: string; categories: string[] };
