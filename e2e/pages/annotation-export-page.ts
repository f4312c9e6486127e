/** Page object: the episode header's "Export to…" menu for ELAN, Praat and Audacity. */
import type { Locator, Page } from 'playwright-core';

/** The export menu of the open episode. */
export class AnnotationExportPage {
  constructor(private readonly page: Page) {}

  /** The menu itself. */
  menu(): Locator {
    return this.page.getByTestId('annotation-export');
  }

  /** Chooses `format` in the menu and saves the download at `path`; returns the file name the studio suggested. */
  async exportAs(format: 'eaf' | 'textgrid' | 'audacity', path: string): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.menu().selectOption(format);
    const d = await download;
    await d.saveAs(path);
    return d.suggestedFilename();
  }
}
