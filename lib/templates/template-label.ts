/**
 * A template as a picker lists it: its name, and its language in brackets when the list mixes
 * languages, unless the name already says it («Angebot Standard (Deutsch)» stays as it is).
 */
export function templateLabel(name: string, languageName: string | null | undefined): string {
  if (!languageName || name.toLocaleLowerCase('it').includes(languageName.toLocaleLowerCase('it'))) return name;
  return `${name} (${languageName})`;
}
