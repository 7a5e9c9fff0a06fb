import { PDFCheckBox, PDFDocument, PDFDropdown, PDFOptionList, PDFRadioGroup, PDFTextField, type PDFField } from 'pdf-lib';
import { isTruthy, toText, type Value } from '../../../basic-interpreter/index.js';
import { valueAt } from './data-path.js';

/** The data key that asks for a flattened PDF: the filled fields become page content nobody can edit. */
const FLATTEN_KEY = '_flatten';

/**
 * A PDF form (AcroForm) filled by pdf-lib (docs/basic.md, FILL): each field whose name is a key
 * of the data (or a path, `person.name`) takes its value; text fields the value as text, check
 * boxes a true or false value as the script means it, dropdowns, option lists and radio groups
 * one of their options. Fields the data does not name keep what they hold. A PDF without form
 * fields cannot be filled.
 */
export async function fillPdf(bytes: Buffer, data: Value): Promise<Buffer> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes);
  } catch (error) {
    throw new Error('it is not a PDF file', { cause: error });
  }
  const form = pdf.getForm();
  const fields = form.getFields();
  if (fields.length === 0) throw new Error('the PDF has no form fields to fill');
  for (const field of fields) {
    const value = valueAt(data, field.getName());
    if (value === undefined) continue;
    try {
      setField(field, value);
    } catch (error) {
      throw new Error(`field "${field.getName()}": ${(error as Error).message}`, { cause: error });
    }
  }
  if (isTruthy(valueAt(data, FLATTEN_KEY) ?? null)) form.flatten();
  return Buffer.from(await pdf.save());
}

function setField(field: PDFField, value: Value): void {
  if (field instanceof PDFTextField) {
    field.setText(toText(value));
  } else if (field instanceof PDFCheckBox) {
    if (isTruthy(value)) field.check();
    else field.uncheck();
  } else if (field instanceof PDFDropdown) {
    const option = toText(value);
    if (!field.isEditable() && !field.getOptions().includes(option)) throw new Error(`"${option}" is not one of its options (${field.getOptions().join(', ')})`);
    field.select(option);
  } else if (field instanceof PDFOptionList) {
    const options = (Array.isArray(value) ? value : [value]).map((v) => toText(v));
    const unknown = options.find((o) => !field.getOptions().includes(o));
    if (unknown !== undefined) throw new Error(`"${unknown}" is not one of its options (${field.getOptions().join(', ')})`);
    field.select(options);
  } else if (field instanceof PDFRadioGroup) {
    const option = toText(value);
    if (!field.getOptions().includes(option)) throw new Error(`"${option}" is not one of its options (${field.getOptions().join(', ')})`);
    field.select(option);
  } else {
    throw new Error('this kind of field (a signature or a button) cannot be filled');
  }
}
