import { type DynamicModule, Module } from '@nestjs/common';
import { AdminModule } from './admin/admin.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CacheModule } from './cache/cache.module.js';
import type { AppConfig } from './config/app-config.js';
import { IntervalJobsModule } from './common/interval-jobs.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './app/database.module.js';
import { SeedsModule } from './app/seeds/seeds.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { FilesModule } from './files/files.module.js';
import { GuardiansModule } from './guardians/guardians.module.js';
import { HealthModule } from './health/health.module.js';
import { LookupsModule } from './lookups/lookups.module.js';
import { MailModule } from './mail/mail.module.js';
import { RetentionModule } from './retention/retention.module.js';
import { RegistrationRoundModule } from './registration-round/registration-round.module.js';
import { RolloverModule } from './rollover/rollover.module.js';
import { SchoolYearModule } from './school-year/school-year.module.js';
import { StudentsModule } from './students/students.module.js';
import { SubjectAccessModule } from './subject-access/subject-access.module.js';
import { TermReportsModule } from './term-reports/term-reports.module.js';
import { TermsModule } from './terms/terms.module.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        IntervalJobsModule,
        DatabaseModule,
        SeedsModule,
        CacheModule,
        AuditModule,
        MailModule,
        UsersModule,
        AuthModule,
        StudentsModule,
        SchoolYearModule,
        RolloverModule,
        RegistrationRoundModule,
        LookupsModule,
        AdminModule,
        FilesModule,
        DocumentsModule,
        TermReportsModule,
        SubjectAccessModule,
        RetentionModule,
        TermsModule,
        GuardiansModule,
        HealthModule,
      ],
    };
  }
}
