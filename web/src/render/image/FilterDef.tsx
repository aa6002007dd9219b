import type { FilterStep } from './filters.ts';
import { LUMINANCE_MATRIX } from './filters.ts';

/**
 * The <filter> for an image's adjustment steps, in sRGB (SVG filters default to linearRGB, which
 * would make every adjustment look different from the editor's sliders).
 */
export function FilterDef({ id, steps }: { id: string; steps: FilterStep[] }) {
  return (
    <filter id={id} colorInterpolationFilters="sRGB" x="0" y="0" width="1" height="1">
      {steps.map((step, i) => (
        <Step key={i} step={step} index={i} />
      ))}
    </filter>
  );
}

function Step({ step, index }: { step: FilterStep; index: number }) {
  const input = index === 0 ? 'SourceGraphic' : `s${index - 1}`;
  const result = `s${index}`;
  switch (step.kind) {
    case 'transfer':
      return (
        <feComponentTransfer in={input} result={result}>
          <feFuncR type="linear" slope={step.slopes[0]} intercept={step.intercepts[0]} />
          <feFuncG type="linear" slope={step.slopes[1]} intercept={step.intercepts[1]} />
          <feFuncB type="linear" slope={step.slopes[2]} intercept={step.intercepts[2]} />
        </feComponentTransfer>
      );
    case 'saturate':
      return <feColorMatrix in={input} result={result} type="saturate" values={String(step.value)} />;
    case 'hueRotate':
      return <feColorMatrix in={input} result={result} type="hueRotate" values={String(step.degrees)} />;
    case 'matrix':
      return <feColorMatrix in={input} result={result} type="matrix" values={step.values.join(' ')} />;
    case 'gradientMap':
      // Luminance -> colour table, then mixed with the unmapped image by the intensity.
      return (
        <>
          <feColorMatrix in={input} result={`${result}l`} type="matrix" values={LUMINANCE_MATRIX.join(' ')} />
          <feComponentTransfer in={`${result}l`} result={`${result}m`}>
            <feFuncR type="table" tableValues={step.tables[0].join(' ')} />
            <feFuncG type="table" tableValues={step.tables[1].join(' ')} />
            <feFuncB type="table" tableValues={step.tables[2].join(' ')} />
          </feComponentTransfer>
          <feComposite
            in={`${result}m`}
            in2={input}
            result={result}
            operator="arithmetic"
            k1={0}
            k2={step.intensity}
            k3={1 - step.intensity}
            k4={0}
          />
        </>
      );
  }
}
