import { Module } from '@nestjs/common';
import { PdfRenderer } from './pdf-renderer.js';

/** Import to inject PdfRenderer (see the API note at the top of pdf-renderer.ts). One Chromium per module instance. */
@Module({
  providers: [PdfRenderer],
  exports: [PdfRenderer],
})
export class PdfModule {}
