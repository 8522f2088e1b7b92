import { type DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule as NestConfigModule, registerAs } from '@nestjs/config';
import { Clock } from './clock.js';
import { APP_CONFIG, type AppConfig } from './app-config.js';

/** ConfigService's namespace of the validated configuration: `configService.get<AppConfig>('app')`. */
export const APP_CONFIG_NAMESPACE = 'app';

/**
 * The validated configuration (loadConfig) through @nestjs/config: ConfigService holds it under 'app', and every
 * service injects the typed object itself as APP_CONFIG, as before; also the server's Clock. ConfigService reads no
 * .env file and not process.env: the configuration is the one object loadConfig checked (nothing else in server/
 * reads the environment).
 */
@Global()
@Module({})
export class ConfigModule {
  static async forRoot(config: AppConfig): Promise<DynamicModule> {
    const namespace = registerAs(APP_CONFIG_NAMESPACE, () => config);
    return {
      module: ConfigModule,
      imports: [
        await NestConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          validatePredefined: false,
          skipProcessEnv: true,
          load: [namespace],
        }),
      ],
      providers: [{ provide: APP_CONFIG, useExisting: namespace.KEY }, Clock],
      exports: [APP_CONFIG, Clock],
    };
  }
}
