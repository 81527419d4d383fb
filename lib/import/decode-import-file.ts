import { isCompoundFile, isPdf, isZip } from "./file-signature";
import { importFileError, quoteName } from "./import-file-error";
import { MAX_IMPORT_FILE_BYTES, formatBytes } from "./import-limits";
import { describeTextProblem, decodeUtf8Text } from "./utf8-text";
import { readZipDirectory } from "./zip-directory";

/** An uploaded file, told apart: Markdown as text, a Word document or a ZIP of pages as bytes. */
export type ImportFile = { kind: "markdown"; text: string } | { kind: "docx"; bytes: Uint8Array } | { kind: "zip"; bytes: Uint8Array };

const TEXT_EXTENSIONS = new Set(["md", "markdown", "txt"]);
const ACCEPTED = ".md, .markdown, .txt, .docx or .zip";

/**
 * What an upload is, decided by its name and its bytes together: the name says what the sender
 * means, the bytes must agree. Refused (VALIDATION_ERROR at `file`): a file over
 * MAX_IMPORT_FILE_BYTES, an empty one, an extension we do not read, text that is not UTF-8 or is
 * really a binary, PDF or ZIP, and a .docx that is not a Word document.
 */
export function decodeImportFile(name: string, bytes: Uint8Array): ImportFile {
  // Browsers send the base name, but a path may come from elsewhere ("C:\\fakepath\\brief.md").
  const baseName = name.split(/[\\/]/).pop() ?? name;
  const file = quoteName(baseName);
  if (bytes.length > MAX_IMPORT_FILE_BYTES) {
    throw importFileError(
      `The file ${file} is ${bytes.length.toLocaleString("en")} bytes; the limit is ${formatBytes(MAX_IMPORT_FILE_BYTES)} (${MAX_IMPORT_FILE_BYTES.toLocaleString("en")} bytes).`,
    );
  }
  const dot = baseName.lastIndexOf(".");
  const extension = dot < 0 ? "" : baseName.slice(dot + 1).toLowerCase();
  const known = TEXT_EXTENSIONS.has(extension) || extension === "docx" || extension === "zip";
  if (!known) {
    const what = extension === "" ? "has no extension" : `is a .${extension} file`;
    throw importFileError(`The file ${file} ${what}; import accepts ${ACCEPTED} files.`);
  }
  if (bytes.length === 0) throw importFileError(`The file ${file} is empty.`);
  if (TEXT_EXTENSIONS.has(extension)) return { kind: "markdown", text: readText(file, bytes) };
  if (extension === "docx") return { kind: "docx", bytes: checkDocx(baseName, file, bytes) };
  if (!isZip(bytes)) throw importFileError(`The file ${file} is not a ZIP archive, whatever its name says.`);
  return { kind: "zip", bytes };
}

function readText(file: string, bytes: Uint8Array): string {
  if (isPdf(bytes)) throw importFileError(`The file ${file} is a PDF, not text; export the document as Markdown (.md) or Word (.docx) and import that.`);
  if (isZip(bytes)) throw importFileError(`The file ${file} is a ZIP archive or a Word document, not text; give it its real extension (.zip or .docx).`);
  const text = decodeUtf8Text(bytes);
  if (!text.ok) throw importFileError(`The file ${file} cannot be read as text: ${describeTextProblem(text.problem)}`);
  return text.text;
}

function checkDocx(name: string, file: string, bytes: Uint8Array): Uint8Array {
  if (isCompoundFile(bytes)) {
    throw importFileError(`The file ${file} is an older Word document (.doc) or a password-protected one; save it as .docx without a password and import it again.`);
  }
  if (!isZip(bytes)) throw importFileError(`The file ${file} is not a Word document (.docx): a .docx file is a ZIP archive, and this one is not.`);
  let entries;
  try {
    entries = readZipDirectory(bytes, name);
  } catch {
    throw importFileError(`The file ${file} is not a readable Word document: the archive inside it is damaged.`);
  }
  if (!entries.some((entry) => entry.name === "word/document.xml")) {
    throw importFileError(`The file ${file} is not a Word document: it has no word/document.xml. Is it another kind of ZIP?`);
  }
  return bytes;
}
