import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AnnotationInput } from '../../../common/api/annotations';
import { badRequest, notFound } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { loadDataset } from '../datasets/repository';
import {
  annotationsOfDataset,
  chartOfDataset,
  deleteAnnotation,
  findAnnotation,
  insertAnnotation,
  updateAnnotation,
  type AnnotationOwner,
} from './repository';
import {
  CREATE_ANNOTATION,
  DELETE_ANNOTATION,
  LIST_ANNOTATIONS,
  UPDATE_ANNOTATION,
} from './schemas';

// /api/v1/datasets/{id}/annotations: events on the dataset's time charts. Whoever reads
// charts reads them; whoever writes charts writes them.

export function registerAnnotationRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/v1/datasets/:id/annotations';
  const readers = { preValidation: requireSection('aicharts', 'read') };
  const writers = { preValidation: requireSection('aicharts', 'write') };

  /** The dataset of the address, in the user's account (404 otherwise). */
  const ownerOf = async (
    request: FastifyRequest<{ Params: { id: number } }>,
  ): Promise<AnnotationOwner> => {
    const accountId = currentUser(request).accountId;
    const dataset = await loadDataset(app.db, accountId, request.params.id);
    return { accountId, datasetId: dataset.id };
  };

  const checkChart = async (owner: AnnotationOwner, input: AnnotationInput) => {
    if (input.chartId === null) return;
    if (!(await chartOfDataset(app.db, owner, input.chartId))) {
      throw badRequest(`chartId: no chart ${input.chartId} over this dataset.`, 'chartId');
    }
  };

  const existing = async (owner: AnnotationOwner, annotationId: number) => {
    const annotation = await findAnnotation(app.db, owner, annotationId);
    if (!annotation) throw notFound('Annotation');
    return annotation;
  };

  typed.get(path, { ...readers, schema: LIST_ANNOTATIONS }, async (request) => {
    const owner = await ownerOf(request);
    return annotationsOfDataset(app.db, owner, request.query.chartId);
  });

  typed.post(path, { ...writers, schema: CREATE_ANNOTATION }, async (request) => {
    const owner = await ownerOf(request);
    await checkChart(owner, request.body);
    const createdBy = currentUser(request).id;
    return insertAnnotation(app.db, { ...owner, createdBy }, request.body);
  });

  typed.put(`${path}/:annotationId`, { ...writers, schema: UPDATE_ANNOTATION }, async (request) => {
    const owner = await ownerOf(request);
    const annotation = await existing(owner, request.params.annotationId);
    await checkChart(owner, request.body);
    return updateAnnotation(app.db, owner, annotation.id, request.body);
  });

  typed.delete(
    `${path}/:annotationId`,
    { ...writers, schema: DELETE_ANNOTATION },
    async (request) => {
      const owner = await ownerOf(request);
      const annotation = await existing(owner, request.params.annotationId);
      await deleteAnnotation(app.db, owner, annotation.id);
      return annotation;
    },
  );
}
