package io.tunescope;

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
     * and its own subpackage shows up as well as one between two subpackages.
     */
    private static final class PackageAndSubpackage implements SliceAssignment {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            if (!name.startsWith(ROOT + ".")) {
                return SliceIdentifier.ignore();
            }
            String[] parts = name.substring(ROOT.length() + 1).split("\\.");
            return SliceIdentifier.of(String.join(".", Arrays.asList(parts).subList(0, Math.min(2, parts.length))));
        }

        @Override
        public String getDescription() {
            return "packages and their subpackages under " + ROOT;
        }
    }
}
