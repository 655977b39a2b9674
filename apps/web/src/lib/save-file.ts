/** Hands bytes the API answered (fetched with the bearer token) to the browser's download, under a file name. */
export function saveFile(bytes: ArrayBuffer, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Late enough for the click to have handed the blob to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
