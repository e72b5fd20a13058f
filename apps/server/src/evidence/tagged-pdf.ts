import {
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  type PDFRef,
} from 'pdf-lib';

export type TStructureRole = 'H1' | 'H2' | 'P' | 'Figure';

/**
 * A tagged PDF (ISO 32000 section 14.8): every piece of content drawn through `tag` is marked content with its
 * own structure element (heading, paragraph or figure with its alternative text), in reading order under one
 * Document element; `finish` writes the structure tree, its parent tree and MarkInfo.
 */
export function createStructure(pdf: PDFDocument) {
  const { context } = pdf;
  const rootRef = context.nextRef();
  const documentRef = context.nextRef();
  const kids: PDFRef[] = [];
  const pages = new Map<PDFPage, { index: number; elements: PDFRef[] }>();

  function tag(page: PDFPage, role: TStructureRole, draw: () => void, alt?: string): void {
    let entry = pages.get(page);
    if (!entry) {
      entry = { index: pages.size, elements: [] };
      pages.set(page, entry);
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(entry.index));
      page.node.set(PDFName.of('Tabs'), PDFName.of('S'));
    }
    const mcid = entry.elements.length;
    page.pushOperators(
      // The property list inline: pdf-lib writes a string operand as it is.
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of(role), `<< /MCID ${mcid} >>`]),
    );
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    const element = context.register(
      context.obj({
        Type: 'StructElem',
        S: role,
        P: documentRef,
        Pg: page.ref,
        K: mcid,
        ...(alt === undefined ? {} : { Alt: PDFHexString.fromText(alt) }),
      }),
    );
    entry.elements.push(element);
    kids.push(element);
  }

  function finish(): void {
    context.assign(documentRef, context.obj({ Type: 'StructElem', S: 'Document', P: rootRef, K: kids }));
    const nums = [...pages.values()].flatMap(({ index, elements }) => [index, elements]);
    context.assign(
      rootRef,
      context.obj({
        Type: 'StructTreeRoot',
        K: documentRef,
        ParentTree: { Nums: nums },
        ParentTreeNextKey: pages.size,
      }),
    );
    pdf.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    pdf.catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  }

  return { tag, finish };
}
