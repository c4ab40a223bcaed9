export { TranslationsModule } from './translations.module';
