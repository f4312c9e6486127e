/** Saving a file the main side produced: a Blob download in the browser and in Electron's renderer alike. */

/** A file's name, text and type. */
export interface FileToSave {
  fileName: string;
  content: string;
  mime: string;
}

/** Offers `file` for download under its name. */
export function saveFile(file: FileToSave): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads a file the user picked as text. */
export function readPickedFile(input: HTMLInputElement): Promise<{ name: string; text: string } | null> {
  const file = input.files?.[0];
  if (!file) return Promise.resolve(null);
  return file.text().then((text) => ({ name: file.name, text }));
}
