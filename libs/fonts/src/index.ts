export { FontsModule } from './fonts.module';
