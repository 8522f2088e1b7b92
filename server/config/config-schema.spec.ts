import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Inject, Injectable, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { describe, expect, it } from 'vitest';
import { APP_CONFIG, type AppConfig, ConfigError, ENV_SCHEMA, loadConfig, readEnvSchema } from './app-config.js';
import { APP_CONFIG_NAMESPACE, ConfigModule } from './config.module.js';

/** The ConfigError a rule throws for `raw`, or undefined when it accepts it. */
function refusal(name: keyof typeof ENV_SCHEMA, raw: string): ConfigError | undefined {
  try {
    ENV_SCHEMA[name](raw, name);
  } catch (e) {
    return e as ConfigError;
  }
  return undefined;
}

describe('the configuration schema', () => {
  it('gives every variable its default when unset', () => {
    expect(readEnvSchema({})).toEqual({
      PORT: 3000,
      SESSION_IDLE_MINUTES: 30,
      SESSION_ABSOLUTE_HOURS: 12,
      BCRYPT_COST: 10,
      UPLOAD_MAX_MB: 5,
      UPLOAD_BUDGET_MB: 200,
      HEADERS_TIMEOUT_SECONDS: 20,
      BODY_TIMEOUT_SECONDS: 30,
      MAIL_POLL_SECONDS: 15,
      SCHOOL_YEAR_START_MONTH: 9,
      STUDENT_ID_LOOKUP: false,
      SHOW_LEARNING_CHALLENGES: false,
      ALLOW_INSECURE_HTTP: false,
      LOG_LEVEL: 'info',
      ADMIN_MFA: 'optional',
    });
  });

  it.each([
    ['PORT', 'eighty', 'Configuration error: PORT must be a whole number from 0 to 65535 (got "eighty")'],
    ['BCRYPT_COST', '4', 'Configuration error: BCRYPT_COST must be a whole number from 10 to 15 (got "4")'],
    [
      'MAIL_POLL_SECONDS',
      '1.5',
      'Configuration error: MAIL_POLL_SECONDS must be a whole number from 1 to 3600 (got "1.5")',
    ],
    ['STUDENT_ID_LOOKUP', 'maybe', 'Configuration error: STUDENT_ID_LOOKUP must be on or off (got "maybe")'],
    ['LOG_LEVEL', 'loud', 'Configuration error: LOG_LEVEL must be one of debug, info, warn, error, silent'],
    ['ADMIN_MFA', 'yes', 'Configuration error: ADMIN_MFA must be optional or required (got "yes")'],
  ] as const)('refuses %s=%s with a message naming it', (name, raw, message) => {
    const error = refusal(name, raw);
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.variable).toBe(name);
    expect(error?.message).toBe(message);
  });

  it('reads on/off, numbers with spaces, and choices in any case', () => {
    expect(readEnvSchema({ STUDENT_ID_LOOKUP: ' Yes ', PORT: ' 8080 ', ADMIN_MFA: 'REQUIRED' })).toMatchObject({
      STUDENT_ID_LOOKUP: true,
      PORT: 8080,
      ADMIN_MFA: 'required',
    });
    expect(readEnvSchema({ SHOW_LEARNING_CHALLENGES: '', PORT: '' })).toMatchObject({
      SHOW_LEARNING_CHALLENGES: false,
      PORT: 3000,
    });
  });
});

describe('ConfigModule (@nestjs/config)', () => {
  it('gives every service the checked configuration object, also through ConfigService', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-config-module-')), PORT: '4100' });
    @Injectable()
    class Reader {
      constructor(@Inject(APP_CONFIG) readonly config: AppConfig) {}
    }
    @Module({ imports: [ConfigModule.forRoot(config)], providers: [Reader] })
    class AppModule {}
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    try {
      expect(app.get(Reader).config).toBe(config);
      expect(app.get(ConfigService).get<AppConfig>(APP_CONFIG_NAMESPACE)?.port).toBe(4100);
      // ConfigService does not read the environment: only the checked configuration.
      expect(app.get(ConfigService).get('PATH')).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
