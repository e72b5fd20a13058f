import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit, { type Font as TFontkitFont } from '@pdf-lib/fontkit';
import type { Font } from '@sello/contracts/enums';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);

let fontFiles: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

/** DejaVu Sans (npm dejavu-fonts-ttf): covers Spanish, Portuguese and most Latin, Greek and Cyrillic names. */
function loadFontFiles() {
  fontFiles ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fontFiles;
}

// Each font file parsed once for every document: pdf-lib parses the bytes it is given for each document, and with
// DejaVu's thousands of glyphs that parse (and the character set built from it) was most of a certificate's time.
// A parsed font is only read afterwards; each document makes its own subset of it.
//
// pdf-lib asks the font to lay out every string it draws or measures and keeps only the glyphs. fontkit's layout
// runs the OpenType substitution and positioning tables, a third of a certificate's time, to find what the
// character map gives for text already in NFC (drawableText): the glyphs come from the map instead, so a PDF's text
// is also its characters, never a ligature.
const parsedFonts = new WeakMap<Uint8Array, TFontkitFont>();
const fontkitParsingOnce = {
  create(buffer: Uint8Array, postscriptName?: string): TFontkitFont {
    let font = parsedFonts.get(buffer);
    if (!font) {
      const parsed = fontkit.create(buffer, postscriptName);
      parsed.layout = ((text: string) => ({
        glyphs: parsed.glyphsForString(text),
      })) as unknown as TFontkitFont['layout'];
      font = parsed;
      parsedFonts.set(buffer, font);
    }
    return font;
  },
};

/** Embeds the regular and bold faces, subset to the characters the document uses. */
export async function embedTextFonts(pdf: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  pdf.registerFontkit(fontkitParsingOnce);
  const files = await loadFontFiles();
  const [regular, bold] = await Promise.all([
    pdf.embedFont(files.regular, { subset: true }),
    pdf.embedFont(files.bold, { subset: true }),
  ]);
  return { regular, bold };
}

// A font's character set is built once: DejaVu has thousands of glyphs and a certificate writes hundreds of lines.
const CHARACTER_SETS = new WeakMap<PDFFont, Set<number>>();

/** Text the font cannot draw (a script DejaVu lacks, a control character) becomes `?`; line breaks are kept. */
export function drawableText(font: PDFFont, text: string): string {
  let supported = CHARACTER_SETS.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    CHARACTER_SETS.set(font, supported);
  }
  return [...text.normalize('NFC')]
    .map((character) => (character === '\n' || supported.has(character.codePointAt(0) ?? 0) ? character : '?'))
    .join('');
}

const CHARACTER_WIDTHS = new WeakMap<PDFFont, Map<string, number>>();

/**
 * The width of a line, summed from cached widths of its characters: pdf-lib lays out a whole string
 * with fontkit on each measure, which is slow for an embedded font when a writer measures word by word.
 */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let widths = CHARACTER_WIDTHS.get(font);
  if (!widths) {
    widths = new Map();
    CHARACTER_WIDTHS.set(font, widths);
  }
  let total = 0;
  for (const character of text) {
    let width = widths.get(character);
    if (width === undefined) {
      width = font.widthOfTextAtSize(character, 1000);
      widths.set(character, width);
    }
    total += width;
  }
  return (total * size) / 1000;
}

/**
 * The fonts a type may stamp its PIN signature in, as embeddable files (npm @fontsource, latin subset:
 * Spanish and Portuguese letters). Times and Courier are their metric twins Tinos and Cousine;
 * Liberation Sans 2 is Arimo under another name, and Arimo is also the metric twin of Helvetica.
 */
const TYPE_FONT_FILES: Record<Font, string> = {
  'times-roman': '@fontsource/tinos/files/tinos-latin-400-normal.woff',
  courier: '@fontsource/cousine/files/cousine-latin-400-normal.woff',
  helvetica: '@fontsource/arimo/files/arimo-latin-400-normal.woff',
  'liberation-sans': '@fontsource/arimo/files/arimo-latin-400-normal.woff',
};
const typeFontFiles = new Map<Font, Promise<Buffer>>();

/** Embeds a type's font (spec §3 fonts), subset to the characters the document uses. */
export async function embedTypeFont(pdf: PDFDocument, font: Font): Promise<PDFFont> {
  pdf.registerFontkit(fontkitParsingOnce);
  let file = typeFontFiles.get(font);
  if (!file) {
    file = readFile(require.resolve(TYPE_FONT_FILES[font]));
    typeFontFiles.set(font, file);
  }
  return pdf.embedFont(await file, { subset: true });
}
