// SPDX-License-Identifier: Apache-2.0
package dev.quiver.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Runs the benchmark methods outside JMH and reports the thread CPU time of one call (minimum and median
 * of the measured calls), which other processes on a busy machine disturb far less than wall time.
 * Arguments: benchmark class simple names (default: all) and parameter overrides such as
 * {@code rows=10000000} (one value each; default: the values of the annotations). Each method is warmed up for about 2 s, then
 * measured for about 5 s (at least 3 and at most 25 calls). GC and JIT threads are not counted.
 */
public final class CpuTimes {
    private static final List<Class<?>> ALL = List.of(BuildBench.class, FileBench.class, ArrowFileBench.class,
            Lz4SmallBench.class, StreamBench.class, MappedOpenBench.class, RowBench.class, CDataBench.class);
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private CpuTimes() {
    }

    public static void main(String[] args) throws Exception {
        List<String> wanted = new ArrayList<>();
        Map<String, String> overrides = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 0) {
                wanted.add(arg);
            } else {
                overrides.put(arg.substring(0, eq), arg.substring(eq + 1));
            }
        }
        for (Class<?> type : ALL) {
            if (wanted.isEmpty() || wanted.contains(type.getSimpleName())) {
                run(type, overrides);
            }
        }
    }

    private static void run(Class<?> type, Map<String, String> overrides) throws Exception {
        List<Field> params = new ArrayList<>();
        for (Field f : type.getFields()) {
            if (f.isAnnotationPresent(Param.class)) {
                params.add(f);
            }
        }
        for (String[] values : combinations(params, 0, overrides)) {
            Object bench = type.getConstructor().newInstance();
            StringBuilder label = new StringBuilder();
            for (int i = 0; i < params.size(); i++) {
                Field f = params.get(i);
                f.set(bench, f.getType() == long.class ? (Object) Long.parseLong(values[i]) : values[i]);
                label.append(' ').append(f.getName()).append('=').append(values[i]);
            }
            invokeAnnotated(type, bench, Setup.class);
            try {
                for (Method m : type.getMethods()) {
                    if (m.isAnnotationPresent(Benchmark.class)) {
                        measure(type.getSimpleName() + "." + m.getName() + label, bench, m);
                    }
                }
            } finally {
                invokeAnnotated(type, bench, TearDown.class);
            }
        }
    }

    private static List<String[]> combinations(List<Field> params, int from, Map<String, String> overrides) {
        if (from == params.size()) {
            List<String[]> one = new ArrayList<>();
            one.add(new String[params.size()]);
            return one;
        }
        List<String[]> out = new ArrayList<>();
        Field param = params.get(from);
        String override = overrides.get(param.getName());
        String[] values = override != null ? new String[] {override} : param.getAnnotation(Param.class).value();
        for (String value : values) {
            for (String[] rest : combinations(params, from + 1, overrides)) {
                rest[from] = value;
                out.add(rest.clone());
            }
        }
        return out;
    }

    private static void invokeAnnotated(Class<?> type, Object bench, Class<? extends java.lang.annotation.Annotation> a)
            throws Exception {
        for (Method m : type.getMethods()) {
            if (m.isAnnotationPresent(a)) {
                m.invoke(bench);
            }
        }
    }

    private static void measure(String name, Object bench, Method m) throws Exception {
        long warmupEnd = System.nanoTime() + 2_000_000_000L;
        do {
            m.invoke(bench);
        } while (System.nanoTime() < warmupEnd);
        List<Long> times = new ArrayList<>();
        long end = System.nanoTime() + 5_000_000_000L;
        while (times.size() < 3 || (times.size() < 25 && System.nanoTime() < end)) {
            long start = THREADS.getCurrentThreadCpuTime();
            m.invoke(bench);
            times.add(THREADS.getCurrentThreadCpuTime() - start);
        }
        times.sort(null);
        System.out.printf(Locale.ROOT, "%-60s cpu ms/op min %10.3f median %10.3f (%d calls)%n", name,
                times.getFirst() / 1e6, times.get(times.size() / 2) / 1e6, times.size());
    }
}
