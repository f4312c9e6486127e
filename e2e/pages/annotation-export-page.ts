/** Page object: the episode header's "Export to…" menu and "Import from…" panel for ELAN, Praat and Audacity. */
import type { Locator, Page } from 'playwright-core';

/** What the import panel says after a file: what was imported, or why it was refused. */
export type ImportOutcome = { regions: string; turns: string; leftOut: string[] } | { error: string };

/** A region as the regions panel lists it: its shown start and its label. */
export interface ListedRegion {
  time: string;
  label: string;
}

/** The export menu and import panel of the open episode. */
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

  /** The "Import from…" button. */
  importButton(): Locator {
    return this.page.getByTestId('annotation-import-open');
  }

  /** The import panel (present while open). */
  importPanel(): Locator {
    return this.page.getByTestId('annotation-import');
  }

  /**
   * Imports the file at `path` from the panel (opened if closed), with the call's turns replaced or not, and waits
   * until the panel answers; returns what it says.
   */
  async importFile(path: string, options: { replaceTurns?: boolean } = {}): Promise<ImportOutcome> {
    if ((await this.importPanel().count()) === 0) await this.importButton().click();
    const panel = this.importPanel();
    const before = Number(await panel.getAttribute('data-imports'));
    await panel.getByTestId('annotation-import-replace').setChecked(options.replaceTurns ?? false);
    await panel.getByTestId('annotation-import-file').setInputFiles(path);
    await this.page.locator(`[data-testid="annotation-import"][data-imports="${before + 1}"]`).waitFor();
    const error = panel.getByTestId('annotation-import-error');
    if (await error.count()) return { error: (await error.textContent()) ?? '' };
    return {
      regions: (await panel.getByTestId('annotation-import-regions').textContent()) ?? '',
      turns: (await panel.getByTestId('annotation-import-turns').textContent()) ?? '',
      leftOut: await panel.locator('[data-testid="annotation-import-left-out"] li').allTextContents(),
    };
  }

  /** Closes the import panel. */
  async closeImport(): Promise<void> {
    await this.importPanel().getByTestId('annotation-import-close').click();
  }

  /** The current annotator's regions as the regions panel lists them, in order. */
  async listedRegions(): Promise<ListedRegion[]> {
    const rows = this.page.getByTestId('region');
    const out: ListedRegion[] = [];
    for (let i = 0; i < (await rows.count()); i++) {
      const row = rows.nth(i);
      out.push({
        time: ((await row.locator('.time-link').textContent()) ?? '').trim(),
        label: await row.getByTestId('region-label').inputValue(),
      });
    }
    return out;
  }
}
