package io.tunescope;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The package layering of {@code docs/architecture.md}, enforced on the main code: a package may depend only on the
 * packages below it in {@link #LAYERS}, every class belongs to one of them, and no packages (top-level or one level
 * down) depend on each other in a cycle. The doc's numbered list must name the same packages in the same order.
 */
class LayeringTest {
    private static final String ROOT = "io.tunescope";

    /** Top to bottom: each may import only the ones after it; {@code io.tunescope} is the root package alone. */
    static final List<String> LAYERS = List.of("cli", "report", "tune", "experiment", "analysis", "workload",
            "shop", "engine", "monitor", "store", "config", ROOT);

    /**
     * The tuner's core (search space, strategies, the ask/tell session, the target seam and its trial protocol,
     * parameter importance, the strategy benchmark): it imports nothing of the applications that tune something,
     * only {@link #CORE_MAY_IMPORT}. The doc's "the tuner's core (...)" must name the same packages.
     */
    static final List<String> TUNER_CORE = List.of("tune.space", "tune.strategy", "tune.session", "tune.target",
            "tune.importance", "tune.bench");

    /** What the tuner's core may import besides itself: {@code store}, {@code config} and the root package. */
    static final List<String> CORE_MAY_IMPORT = List.of("store", "config", ROOT);

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    @Test
    void everyPackageDependsOnlyOnThePackagesBelowIt() {
        layering().check(MAIN);
    }

    /**
     * Below the command line, lines for the user go through {@code Notices}; {@code EventChannel} only points a
     * tenant agent's stdout at stderr so that stdout carries nothing but its events.
     */
    @Test
    void onlyTheCommandLineAndTheOneReporterWriteToStderr() {
        noClasses().that().resideOutsideOfPackage(ROOT + ".cli..")
                .and().doNotHaveFullyQualifiedName(Notices.class.getName())
                .and().doNotHaveFullyQualifiedName(ROOT + ".workload.agent.EventChannel")
                .should().accessField(System.class, "err")
                .because("warnings and notes go through io.tunescope.Notices, the one reporter").check(MAIN);
    }

    @Test
    void theTunersCoreImportsNothingOfItsApplications() {
        String[] core = TUNER_CORE.stream().map(p -> ROOT + "." + p + "..").toArray(String[]::new);
        noClasses().that().resideInAnyPackage(core)
                .should().dependOnClassesThat(outsideTheCoreAndWhatItMayImport())
                .as("the tuner's core (" + String.join(", ", TUNER_CORE) + ") imports only itself and "
                        + String.join(", ", CORE_MAY_IMPORT) + " (docs/architecture.md)")
                .because("the core tunes anything through TuningTarget; what is tuned (a database, the shop, a "
                        + "cluster, a command) sits above it")
                .check(MAIN);
    }

    @Test
    void theArchitectureDocNamesTheSameTunersCore() throws IOException {
        String doc = Files.readString(Path.of("docs/architecture.md"));
        Matcher sentence = Pattern.compile("(?is)the tuner's core \\((.*?)\\)").matcher(doc);
        assertThat(sentence.find()).as("docs/architecture.md has a sentence with 'the tuner's core (...)'").isTrue();
        List<String> named = new ArrayList<>();
        Matcher item = Pattern.compile("`([a-z.]+)`").matcher(sentence.group(1));
        while (item.find()) {
            named.add(item.group(1));
        }
        assertThat(named).as("the packages of the tuner's core docs/architecture.md names").isEqualTo(TUNER_CORE);
    }

    private static DescribedPredicate<JavaClass> outsideTheCoreAndWhatItMayImport() {
        return new DescribedPredicate<>("classes of io.tunescope outside the core, store, config and the root") {
            @Override
            public boolean test(JavaClass c) {
                String name = c.getPackageName();
                if (!name.startsWith(ROOT + ".")) {
                    return false;   // the root package, and the JDK and libraries
                }
                String inner = name.substring(ROOT.length() + 1);
                return Stream.concat(TUNER_CORE.stream(), CORE_MAY_IMPORT.stream())
                        .noneMatch(p -> inner.equals(p) || inner.startsWith(p + "."));
            }
        };
    }

    /**
     * Every child JVM's command line comes from {@code engine.ChildJvmCommand} (the same java, this class path, a
     * role, a main class given as a class): no other class finds the java binary itself.
     */
    @Test
    void onlyTheOneLauncherMakesAChildJvmsCommandLine() {
        noClasses().that().doNotHaveFullyQualifiedName(ROOT + ".engine.ChildJvmCommand")
                .should().callMethod(ROOT + ".engine.Processes", "javaExecutable")
                .because("child JVMs are started through engine.ChildJvmCommand (docs/architecture.md)")
                .check(MAIN);
    }

    /** A layer below {@code cli} cannot reach it by naming its classes in a string either. */
    @Test
    void noMainCodeNamesACommandLineClassInAString() throws IOException {
        List<String> naming;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            naming = files.filter(f -> f.toString().endsWith(".java")).filter(f -> {
                try {
                    return Files.readString(f).contains("\"" + ROOT + ".cli");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).map(Path::toString).toList();
        }
        assertThat(naming).as("main sources with a string naming a class of " + ROOT + ".cli").isEmpty();
    }

    /** Charts are drawn in {@code report} only: what they show is computed in {@code analysis} or the tuner. */
    @Test
    void onlyTheReportDrawsCharts() {
        noClasses().that().resideOutsideOfPackage(ROOT + ".report..")
                .should().dependOnClassesThat().resideInAnyPackage("org.knowm.xchart..")
                .because("charts are drawn in report (docs/architecture.md); the data they show is computed below it")
                .check(MAIN);
    }

    @Test
    void theTopLevelPackagesHaveNoCycle() {
        slices().matching(ROOT + ".(*)..").namingSlices("$1").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void theSubpackagesOfAPackageHaveNoCycle() {
        slices().assignedFrom(new PackageAndSubpackage()).should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void theArchitectureDocListsTheSameLayersInTheSameOrder() throws IOException {
        String doc = Files.readString(Path.of("docs/architecture.md"));
        Matcher section = Pattern.compile("(?s)## Allowed dependencies\\R(.*?)(\\R## |\\z)").matcher(doc);
        assertThat(section.find()).as("docs/architecture.md has a section '## Allowed dependencies'").isTrue();
        List<String> listed = new ArrayList<>();
        Matcher item = Pattern.compile("(?m)^\\d+\\. `([a-z.]+)`").matcher(section.group(1));
        while (item.find()) {
            listed.add(item.group(1));
        }
        assertThat(listed).as("the layers docs/architecture.md lists, top to bottom").isEqualTo(LAYERS);
    }

    /** One rule for the whole list, so that the test cannot say more or less than the doc. */
    static Architectures.LayeredArchitecture layering() {
        Architectures.LayeredArchitecture rule = layeredArchitecture().consideringOnlyDependenciesInLayers()
                .ensureAllClassesAreContainedInArchitecture();
        for (String layer : LAYERS) {
            rule = rule.layer(layer).definedBy(layer.equals(ROOT) ? ROOT : ROOT + "." + layer + "..");
        }
        for (int i = 0; i < LAYERS.size() - 1; i++) {
            List<String> below = LAYERS.subList(i + 1, LAYERS.size());
            rule = rule.whereLayer(LAYERS.get(i)).mayOnlyAccessLayers(below.toArray(String[]::new));
        }
        return rule.whereLayer(ROOT).mayNotAccessAnyLayer()
                .as("each package imports only the packages after it in " + String.join(" > ", LAYERS)
                        + " (docs/architecture.md), and every class is in one of them");
    }

    /**
     * Slices at the first two package levels ({@code monitor}, {@code monitor.proc}), so a cycle between a package
     * and its own subpackage shows up as well as one between two subpackages; under {@code tune}, whose subpackages
     * are layers of their own, three levels ({@code tune.cluster}, {@code tune.cluster.sim}).
     */
    private static final class PackageAndSubpackage implements SliceAssignment {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            if (!name.startsWith(ROOT + ".")) {
                return SliceIdentifier.ignore();
            }
            String[] parts = name.substring(ROOT.length() + 1).split("\\.");
            int depth = parts[0].equals("tune") ? 3 : 2;
            return SliceIdentifier.of(String.join(".",
                    Arrays.asList(parts).subList(0, Math.min(depth, parts.length))));
        }

        @Override
        public String getDescription() {
            return "packages and their subpackages under " + ROOT;
        }
    }
}
