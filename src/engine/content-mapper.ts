/**
 * The content mapper's answer (CONT-01, CONT-02, CONT-05, CONT-06; doc 2 §7), read with no
 * network: the sections hold content fragments (fields such as `text`, `heading`, `subtext`,
 * `cta1_text`, `cta2_text`, `image_NonConforming`, `disclosures`) or experience fragments. A
 * content fragment's section is named by the content key it fills (e.g.
 * `disclosures.creditCardApproval`), so which texts a product shows stays in its documents
 * (`disclaimers`, `footnotes`) and no code lists them: the mapper only replaces the local copy
 * of a key it names. Its text is the fragment's `disclosures` field, else `text`; a list of
 * texts is joined by a paragraph break, `\n\n` (adopted reading CONT-06); a text that is not a
 * string is discarded (CONT-20). Experience fragments carry no disclaimer text and are skipped.
 */

export interface MapperTexts {
  /** Content key → the mapper's text. */
  texts: Map<string, string>;
  /** Sections that could not be read (not an object, no name, a field that is not text). */
  skipped: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === 'string')) return value.join('\n\n');
  return undefined;
}

/** The texts of a content-mapper answer (`{ "sections": [...] }` or `{ "data": { "sections": [...] } }`). Throws when the answer has no sections list. */
export function mapperTexts(body: unknown): MapperTexts {
  const root = isObject(body) && isObject(body.data) ? body.data : body;
  const sections = isObject(root) ? root.sections : undefined;
  if (!Array.isArray(sections)) throw new Error('the content mapper answer has no "sections" list');
  const texts = new Map<string, string>();
  const skipped: string[] = [];
  sections.forEach((section, i) => {
    if (!isObject(section) || typeof section.name !== 'string' || section.name === '') {
      skipped.push(`#${i}`);
      return;
    }
    if (section.type === 'experienceFragment') return;
    const fields = isObject(section.fields) ? section.fields : {};
    const text = textOf(fields.disclosures) ?? textOf(fields.text);
    if (text === undefined) skipped.push(section.name);
    else texts.set(section.name, text);
  });
  return { texts, skipped };
}
